import Ambient
import Dispatch
import Testing
import XCTest

// Binding whole values in an update closure (`$0 = .test`, `$0 = .live`,
// `$0 = DependencyValues()`) starts that scope from its own default values.

/// Where each build of ``BuiltKey``'s default value is recorded. An override, so that it
/// outlives the default values it counts.
private final class BuildLog: Sendable {
  private let entries = LockIsolated<[String]>([])
  func record(_ entry: String) { entries.withValue { $0.append(entry) } }
  var all: [String] { entries.value }
}

private enum BuildLogKey: TestDependencyKey {
  static var testValue: BuildLog { BuildLog() }
}

/// A default value that records its build, by context, in the current values' log.
private final class Built: Sendable {}

private enum BuiltKey: DependencyKey {
  static var liveValue: Built { build("live") }
  static var testValue: Built { build("test") }

  private static func build(_ context: String) -> Built {
    DependencyValues._current.buildLog.record(context)
    return Built()
  }
}

extension DependencyValues {
  fileprivate var buildLog: BuildLog {
    get { self[BuildLogKey.self] }
    set { self[BuildLogKey.self] = newValue }
  }
  fileprivate var built: Built {
    get { self[BuiltKey.self] }
    set { self[BuiltKey.self] = newValue }
  }
}

private final class BuiltModel {
  @Dependency(\.built) var built

  func makeChild() -> BuiltModel {
    withDependencies(from: self) { BuiltModel() }
  }
}

/// Reads `built` from 100 child tasks at once; returns how many distinct values they saw.
private func readFromAHundredTasks() async -> Int {
  await withTaskGroup(of: ObjectIdentifier.self) { group in
    for _ in 0..<100 {
      group.addTask { ObjectIdentifier(DependencyValues._current.built) }
    }
    var seen: Set<ObjectIdentifier> = []
    for await id in group { seen.insert(id) }
    return seen.count
  }
}

@Suite struct FreshDefaultsCompatibilityTests {
  @Test(.timeLimit(.minutes(1)))
  func eachBindingOfTestValuesBuildsOnceForAHundredTasks() async {
    let log = BuildLog()

    let first = await withDependencies {
      $0 = .test
      $0.buildLog = log
    } operation: {
      await readFromAHundredTasks()
    }
    let second = await withDependencies {
      $0 = .test
      $0.buildLog = log
    } operation: {
      await readFromAHundredTasks()
    }

    #expect(first == 1)
    #expect(second == 1)
    #expect(log.all == ["test", "test"])
  }

  @Test(.timeLimit(.minutes(1)))
  func aHundredThreadsInOneBindingBuildOnce() {
    let log = BuildLog()
    let seen = LockIsolated<Set<ObjectIdentifier>>([])

    withDependencies {
      $0 = .test
      $0.buildLog = log
    } operation: {
      withEscapedDependencies { dependencies in
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
          let built = dependencies.yield { DependencyValues._current.built }
          seen.withValue { _ = $0.insert(ObjectIdentifier(built)) }
        }
      }
    }

    #expect(seen.value.count == 1)
    #expect(log.all == ["test"])
  }

  @Test func liveAndNewValuesStartFreshToo() {
    let log = BuildLog()

    for _ in 0..<2 {
      withDependencies {
        $0 = .live
        $0.buildLog = log
      } operation: {
        _ = DependencyValues._current.built
        _ = DependencyValues._current.built
      }
      withDependencies {
        $0 = DependencyValues()
        $0.buildLog = log
      } operation: {
        _ = DependencyValues._current.built
      }
    }

    #expect(log.all == ["live", "test", "live", "test"])
  }

  @Test func changingSomeValuesKeepsTheDefaultsAlreadyBuilt() {
    let log = BuildLog()

    withDependencies {
      $0.buildLog = log
    } operation: {
      _ = DependencyValues._current.built
      withDependencies {
        $0.buildLog = log
      } operation: {
        _ = DependencyValues._current.built
      }
    }
    #expect(log.all == ["test"])

    withDependencies {
      $0 = .test
      $0.buildLog = log
    } operation: {
      _ = DependencyValues._current.built
    }
    #expect(log.all == ["test", "test"])
  }

  @Test func modelsAndTheirChildrenShareTheirBindingsDefaults() {
    let log = BuildLog()

    let model = withDependencies {
      $0 = .test
      $0.buildLog = log
    } operation: {
      BuiltModel()
    }
    let child = model.makeChild()

    #expect(child.built === model.built)
    #expect(log.all == ["test"])
  }
}

final class FreshDefaultsCompatibilityXCTests: XCTestCase {
  func testEachBindingOfTestValuesBuildsOnce() async {
    let log = BuildLog()

    for _ in 0..<2 {
      let distinct = await withDependencies {
        $0 = .test
        $0.buildLog = log
      } operation: {
        await readFromAHundredTasks()
      }
      XCTAssertEqual(distinct, 1)
    }

    XCTAssertEqual(log.all, ["test", "test"])
  }
}
