import AmbientTestSupport
import Dispatch
import Foundation
import Testing

@testable import Ambient

/// One-time set-up at the entry point. Each test has its own default values, so what one test
/// prepares never reaches another.
@Suite struct PrepareDependenciesTests {
  @Test func preparedValuesAreReadByLaterReadsAndModels() {
    prepareDependencies {
      $0.allValues = "prepared"
      $0.palette = Palette(name: "prepared")
    }

    @Dependency(\.allValues) var allValues
    let model = GreeterModel()

    #expect(allValues == "prepared")
    #expect(DependencyValues._current.allValues == "prepared")
    #expect(model.allValues == "prepared")
    #expect(model.palette.name == "prepared")
  }

  @Test func preparedValuesAreDefaultsThatScopesStillOverride() {
    prepareDependencies { $0.allValues = "prepared" }

    withDependencies {
      $0.allValues = "scoped"
    } operation: {
      #expect(DependencyValues._current.allValues == "scoped")
    }
    #expect(DependencyValues._current.allValues == "prepared")
  }

  @Test func preparingAKeyThatWasReadIsReportedAndKeepsTheFirstValue() {
    #expect(DependencyValues._current.palette.name == "test")

    let line = #line + 2
    withKnownIssue {
      prepareDependencies { $0.palette = Palette(name: "prepared") }
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          prepareDependencies set a Palette that was already read; the value read first is kept.

          Code that already read the default would disagree with code that reads the prepared value.

          To fix:
            • Call prepareDependencies once, at the app's entry point, before anything reads dependencies.
          """
        ]
    }
    #expect(DependencyValues._current.palette.name == "test")
  }

  @Test func preparingAKeyTwiceIsReportedAndKeepsTheFirstValue() {
    prepareDependencies { $0.palette = Palette(name: "first") }

    withKnownIssue {
      prepareDependencies { $0.palette = Palette(name: "second") }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        prepareDependencies set a Palette that was already prepared; the first value is kept.

        Prepared values are for one-time set-up at the entry point.

        To fix:
          • Prepare each dependency once; use withDependencies to change it for one scope.
        """
      ]
    }
    #expect(DependencyValues._current.palette.name == "first")
  }

  @Test func aConflictOnOneKeyStillPreparesTheOthers() {
    _ = DependencyValues._current.palette

    withKnownIssue {
      prepareDependencies {
        $0.palette = Palette(name: "prepared")
        $0.allValues = "prepared"
      }
    }
    #expect(DependencyValues._current.palette.name == "test")
    #expect(DependencyValues._current.allValues == "prepared")
  }

  /// A first read still building relies on the context it chose, so preparing
  /// another one then is reported, and the read and every later one agree.
  @Test(oneMinuteLimit) func preparingTheContextWhileAFirstReadBuildsIsReported() async {
    let values = DependencyValues(root: DefaultValueRoot())
    let gate = SlowBuildKey.gate(for: values)
    // Threads of their own, not the cooperative pool's, which other tests need free.
    let read = LockIsolated<String?>(nil)
    let readDone = DispatchSemaphore(value: 0)
    Thread {
      read.setValue(DependencyValues.withBound(values) { DependencyValues.current[SlowBuildKey.self] })
      readDone.signal()
    }.start()
    let building = await onAThread { gate.waitUntilBuilding() }
    #expect(building, "the first read began building")
    let texts = recordedIssues {
      DependencyValues.withBound(values) { prepareDependencies { $0.context = .preview } }
    }
    gate.finishBuilding()
    let finished = await onAThread { readDone.wait(timeout: .now() + 30) == .success }

    #expect(finished)
    #expect(texts.count == 1)
    #expect(texts.first?.hasPrefix("prepareDependencies set a DependencyContext that was already read") == true)
    DependencyValues.withBound(values) {
      #expect(DependencyValues.current.context == .test)
      #expect(DependencyValues.current[SlowBuildKey.self] == read.value)
    }
    #expect(read.value == "test")
  }
}

/// A key whose test value waits, in its build, until the test lets it finish.
private enum SlowBuildKey: TestDependencyKey {
  static let gates = LockIsolated<[ObjectIdentifier: BuildGate]>([:])

  static func gate(for values: DependencyValues) -> BuildGate {
    let gate = BuildGate()
    gates.withValue { $0[ObjectIdentifier(values.root)] = gate }
    return gate
  }

  static var testValue: String { build(context: "test") }
  static var previewValue: String { build(context: "preview") }

  private static func build(context: String) -> String {
    let gate = gates.value[ObjectIdentifier(DependencyValues.current.root)]
    gate?.building()
    return context
  }
}

/// Lets a test hold a build until it has done something while the build runs.
private final class BuildGate: Sendable {
  private let started = DispatchSemaphore(value: 0)
  private let finish = DispatchSemaphore(value: 0)

  func building() {
    started.signal()
    _ = finish.wait(timeout: .now() + 30)
  }

  func waitUntilBuilding() -> Bool { started.wait(timeout: .now() + 30) == .success }
  func finishBuilding() { finish.signal() }
}
