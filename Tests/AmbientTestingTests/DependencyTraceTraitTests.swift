import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing
import XCTest

/// A model for the traits below, reading dependencies of `TestDependencies.swift`. Its wrappers
/// never change after `init`.
final class GreetingModel: @unchecked Sendable {
  // @unchecked: the wrappers' storage is a `var` only to the compiler; nothing writes it.
  @Dependency(\.greeting) var greeting
  @Dependency(\.number) var number
}

/// What the trace traits report, seen by running a trait's scope inside a test: the issues it
/// records there are this test's, and `recordedIssues` collects them.
@Suite(oneMinuteLimit) struct DependencyTraceTraitTests {
  /// Runs `body` inside `trait`'s scope for the running test, as Swift Testing would.
  func run(_ trait: _DependencyTraceTrait, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await trait.provideScope(for: Test.current!, testCase: Test.Case.current, performing: body)
  }

  @Test func exhaustiveFailsOnceForEachDependencyNotOverridden() async {
    let texts = await recordedIssues {
      try? await withDependencies {
        $0.number = 7
      } operation: {
        try await run(.exhaustiveDependencies) {
          let model = GreetingModel()
          _ = model.number  // overridden: fine
          _ = model.greeting
          _ = model.greeting  // the same dependency again: one failure
        }
      }
    }
    #expect(texts.count == 1)
    let text = texts.first ?? ""
    #expect(
      text.hasPrefix(#"@Dependency(\.greeting) was read in the test context, but this test did not override it."#))
    #expect(text.contains("DependencyTraceTraitTests.swift"))
    #expect(text.contains(#".dependency(\.greeting, …) on the test"#))
  }

  @Test func exhaustivePassesWhenEverythingReadWasOverridden() async throws {
    try await withDependencies {
      $0.number = 7
      $0.greeting = "hi"
    } operation: {
      try await run(.exhaustiveDependencies) {
        let model = GreetingModel()
        #expect(model.greeting == "hi")
        #expect(model.number == 7)
      }
    }
  }

  @Test func theTraceIsAttachedToTheFirstFailure() async throws {
    // Issues handled as known skip issue handlers, so these are caught by a handler outside the
    // trait's, which keeps them from failing this test.
    let texts = LockIsolated<[String]>([])
    let catcher: IssueHandlingTrait = .compactMapIssues { issue in
      texts.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return nil
    }
    try await catcher.provideScope(for: Test.current!, testCase: Test.Case.current) {
      try await run(.dependencyTrace) {
        _ = GreetingModel().greeting
        Issue.record("first")
        Issue.record("second")
      }
    }
    #expect(texts.value.count == 2)
    #expect(texts.value.first?.hasPrefix("first\nDependencies this test read:\n1 dependency read:\n") == true)
    #expect(texts.value.first?.contains(#"\.greeting  test  default"#) == true)
    #expect(texts.value.last == "second")
  }

  @Test func aPassingTracedTestReportsNothing() async throws {
    try await run(.dependencyTrace) {
      #expect(GreetingModel().greeting == "default")
    }
  }
}

/// The traits on real tests: a traced suite whose tests pass.
@Suite(.dependencies, .dependencyTrace) struct TracedSuiteTests {
  @Test(.exhaustiveDependencies, .dependency(\.greeting, "hello"))
  func anExhaustiveTestThatOverridesWhatItReads() {
    #expect(GreetingModel().greeting == "hello")
  }

  @Test func aTracedTestReadsItsDefaults() {
    #expect(GreetingModel().number == 0)
  }
}

#if !canImport(Darwin)
/// An XCTest case that traces its dependencies, run inside the exit tests below.
final class TracedProbe: DependencyTestCase {
  nonisolated(unsafe) static var tracing: DependencyTracing?
  override var dependencyTracing: DependencyTracing? { Self.tracing }

  func readsAndFails() {
    _ = GreetingModel().greeting
    XCTFail("boom")
  }

  static let allTests = [("readsAndFails", readsAndFails)]
}

/// Prints each failure XCTest records, as XCTMain's own observer would.
final class FailurePrinter: NSObject, XCTestObservation {
  func testCase(
    _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int
  ) {
    print("failure: \(description)")
  }
}

/// `DependencyTestCase.dependencyTracing`, seen in the failures XCTest records.
@Suite(oneMinuteLimit) struct DependencyTestCaseTracingTests {
  @Test func aFailureShowsTheTraceAndExhaustiveNamesTheDefaultsRead() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      // Outside XCTMain nothing prints failures: this observer does.
      XCTestObservationCenter.shared.addTestObserver(FailurePrinter())
      TracedProbe.tracing = .exhaustive
      TracedProbe(name: "readsAndFails", testClosure: { ($0 as! TracedProbe).readsAndFails() }).run()
    }
    let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    #expect(output.contains("boom\n\nDependencies this test read:\n1 dependency read:"))
    #expect(
      output.contains(#"@Dependency(\.greeting) was read in the test context, but this test did not override it."#))
  }
}
#endif
