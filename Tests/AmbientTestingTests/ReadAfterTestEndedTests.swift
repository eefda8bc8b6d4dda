import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing
import XCTest

/// Work that outlives its test and reads through that test's values is reported, naming the
/// dependency, the test and where it was read. Each test runs a `.dependencies` trait's scope
/// itself, as Swift Testing would around a test, keeps something that escapes it, and reads
/// through that once the scope has ended: the report goes to the test running then, this one.
@Suite(oneMinuteLimit) struct ReadAfterTestEndedTests {
  static let headline = "was read in the test context after the test it belongs to had ended."

  /// Runs `body` in `trait`'s scope for the running test: around the whole test for plain
  /// `.dependencies`, around this case for a trait that changes values.
  func run<Scope: TestTrait & TestScoping>(
    _ trait: Scope, _ body: @escaping @Sendable () async throws -> Void
  ) async throws where Scope.TestScopeProvider == Scope {
    let testCase = trait.scopeProvider(for: Test.current!, testCase: nil) == nil ? Test.Case.current : nil
    try await trait.provideScope(for: Test.current!, testCase: testCase, performing: body)
  }

  @Test func aModelThatOutlivedItsTestIsReportedOnce() async throws {
    let kept = LockIsolated<GreetingModel?>(nil)
    try await run(.dependencies) { kept.setValue(GreetingModel()) }
    let texts = recordedIssues {
      _ = kept.value?.greeting
      _ = kept.value?.greeting  // the same dependency and place: reported once
    }
    #expect(texts.count == 1)
    let text = texts.first ?? ""
    #expect(text.hasPrefix(#"@Dependency(\.greeting) "# + Self.headline))
    #expect(text.contains("Test:    ReadAfterTestEndedTests.aModelThatOutlivedItsTestIsReportedOnce()"))
    #expect(text.contains("Read at: AmbientTestingTests/DependencyTraceTraitTests.swift:"))
  }

  @Test func anEscapedTaskIsReported() async throws {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let task = LockIsolated<Task<[String], Never>?>(nil)
    try await run(.dependencies) {
      task.setValue(
        Task {
          for await _ in gate { break }
          // Reports go to the test that is running: this one, whose known issues the task
          // does not see, so it collects them itself.
          return recordedIssues { _ = DependencyValues._current.number }
        })
    }
    open.yield()
    let texts = await task.value?.value ?? []
    #expect(texts.count == 1)
    #expect(texts.first?.hasPrefix("@Dependency(NumberKey.self) " + Self.headline) == true)
  }

  @Test func anEscapedContinuationIsReported() async throws {
    let kept = LockIsolated<DependencyValues.Continuation?>(nil)
    try await run(.dependencies) {
      withEscapedDependencies { kept.setValue($0) }
    }
    let texts = recordedIssues {
      kept.value?.yield { _ = DependencyValues._current.greeting }
    }
    #expect(texts.count == 1)
    #expect(texts.first?.hasPrefix("@Dependency(GreetingKey.self) " + Self.headline) == true)
  }

  @Test func aTraitThatChangesValuesEndsWithItsCase() async throws {
    let kept = LockIsolated<GreetingModel?>(nil)
    try await run(.dependency(\.number, 3)) { kept.setValue(GreetingModel()) }
    let texts = recordedIssues {
      #expect(kept.value?.number == 3)  // an override read late is reported too
    }
    #expect(texts.count == 1)
    #expect(texts.first?.hasPrefix(#"@Dependency(\.number) "# + Self.headline) == true)
  }

  @Test func readsInsideTheTestAreNotReported() async throws {
    try await run(.dependencies) {
      let model = GreetingModel()
      let task = Task { model.greeting }
      #expect(await task.value == "default")
      #expect(model.number == 0)
    }
  }
}

#if !canImport(Darwin)
/// A test method run inside an exit test; corelibs XCTest builds a test case from a closure.
final class KeepsAModel: XCTestCase {}

/// The same with `DependencyTestCase`, which binds the test's values, so a `Task` it starts
/// carries them.
final class StartsATask: DependencyTestCase {}

/// A late read is reported to the XCTest method running then, or, outside any test, on standard
/// error; the program goes on.
@Suite(oneMinuteLimit) struct ReadAfterXCTestEndedTests {
  @Test func aModelThatOutlivedItsXCTestMethodIsReported() async {
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
    ) {
      // On a thread of its own: no Swift Testing test is current there.
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        XCTestObservationCenter.shared.addTestObserver(FailurePrinter())
        let kept = LockIsolated<GreetingModel?>(nil)
        KeepsAModel(name: "keepsAModel") { _ in kept.setValue(GreetingModel()) }.run()
        KeepsAModel(name: "readsTheKeptModel") { _ in _ = kept.value?.greeting }.run()
        _ = kept.value?.number  // no test runs now
        _ = kept.value?.number
        done.signal()
      }
      done.wait()
    }
    let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    // The later method fails, naming the method the model came from.
    #expect(output.contains("failure: @Dependency(\\.greeting) was read in the test context after the test"))
    #expect(output.contains("keepsAModel"))
    #expect(errors.components(separatedBy: "Ambient warning: @Dependency(\\.number) was read").count == 2)
  }

  @Test func anEscapedTaskAndAContinuationOfAnXCTestMethodAreReported() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let finished = DispatchSemaphore(value: 0)
        let continuation = LockIsolated<DependencyValues.Continuation?>(nil)
        StartsATask(name: "startsATask") { _ in
          Task {
            for await _ in gate { break }
            _ = DependencyValues._current.number
            finished.signal()
          }
          withEscapedDependencies { continuation.setValue($0) }
        }.run()
        open.yield()
        finished.wait()
        continuation.value?.yield { _ = DependencyValues._current.greeting }
        done.signal()
      }
      done.wait()
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("Ambient warning: @Dependency(NumberKey.self) was read in the test context after"))
    #expect(errors.contains("Ambient warning: @Dependency(GreetingKey.self) was read in the test context after"))
    #expect(errors.contains("startsATask"))
  }
}
#endif
