import Ambient
import Testing
import XCTest

// `prepareDependencies` applies every change its closure makes, the context
// included, and returns what the closure returns. Each test has its own default values, so
// what one test prepares never reaches another.

private enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
  static let testValue = "test"
}

private final class Database: Sendable {
  let path: String
  init(path: String) { self.path = path }

  static func open(_ path: String) throws -> Database {
    guard !path.isEmpty else { throw Failure() }
    return Database(path: path)
  }
}

private enum DatabaseKey: DependencyKey {
  static var liveValue: Database { Database(path: "live.sqlite") }
  static var testValue: Database { Database(path: ":memory:") }
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  fileprivate var database: Database {
    get { self[DatabaseKey.self] }
    set { self[DatabaseKey.self] = newValue }
  }
}

private final class GreetingModel {
  @Dependency(\.greeting) var greeting
  @Dependency(\.context) var context
}

private struct Failure: Error {}

private enum RetryCountKey: DependencyKey {
  static let liveValue = 3
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var retryCount: Int {
    get { self[RetryCountKey.self] }
    set { self[RetryCountKey.self] = newValue }
  }
}

@Suite struct PrepareDependenciesCompatibilityTests {
  @Test func aSmallTrivialValueIsPreparedLikeAnyOther() {
    prepareDependencies { $0.retryCount = 7 }
    @Dependency(\.retryCount) var retryCount
    #expect(retryCount == 7)
  }

  @Test func assigningWholeValuesPreparesEveryValueInThem() {
    // Three ways a set of overrides keeps a value: a small trivial one in its entry, the first
    // small non-trivial one in the overrides object itself, the rest in boxes.
    let values = withDependencies {
      $0.retryCount = 7
      $0.greeting = "assigned"
      $0.database = Database(path: "assigned.sqlite")
    } operation: {
      DependencyValues._current
    }

    prepareDependencies { $0 = values }

    #expect(DependencyValues._current.retryCount == 7)
    #expect(DependencyValues._current.greeting == "assigned")
    #expect(DependencyValues._current.database.path == "assigned.sqlite")
  }

  @Test func itReturnsWhatTheClosureReturns() {
    let database = prepareDependencies {
      let database = Database(path: "app.sqlite")
      $0.database = database
      return database
    }

    @Dependency(\.database) var prepared
    #expect(prepared === database)
    #expect(database.path == "app.sqlite")
  }

  @Test func itRethrowsAndAThrowingClosurePreparesNothing() {
    #expect(throws: Failure.self) {
      try prepareDependencies {
        $0.greeting = "prepared"
        throw Failure()
      }
    }

    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
  }

  @Test func preparingTheLiveContextMakesReadsLive() {
    prepareDependencies { $0.context = .live }

    @Dependency(\.greeting) var greeting
    let model = GreetingModel()
    let scoped = withDependencies {
      $0.database = Database(path: "scoped")
    } operation: {
      DependencyValues._current.greeting
    }

    #expect(DependencyValues._current.context == .live)
    #expect(greeting == "live")
    #expect(model.context == .live)
    #expect(model.greeting == "live")
    #expect(scoped == "live")
  }

  @Test func valuesSetWithTheContextArePreparedForIt() {
    prepareDependencies {
      $0.greeting = "prepared"
      $0.context = .live
    }

    #expect(DependencyValues._current.greeting == "prepared")
    #expect(DependencyValues._current.database.path == "live.sqlite")
  }

  @Test func aScopeThatChoosesAContextStillWins() {
    prepareDependencies { $0.context = .live }

    let read = withDependencies {
      $0.context = .preview
    } operation: {
      DependencyValues._current.greeting
    }

    #expect(read == "preview")
  }

  @Test func preparingTheContextAfterAReadIsReportedAndKeepsTheFirst() {
    #expect(DependencyValues._current.greeting == "test")

    let line = #line + 2
    withKnownIssue {
      prepareDependencies { $0.context = .live }
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          prepareDependencies set a DependencyContext that was already read; the value read first is kept.

          Code that already read the default would disagree with code that reads the prepared value.

          To fix:
            • Call prepareDependencies once, at the app's entry point, before anything reads dependencies.
          """
        ]
    }

    #expect(DependencyValues._current.context == .test)
    #expect(DependencyValues._current.greeting == "test")
  }

  @Test func preparingTheContextTwiceIsReportedAndKeepsTheFirst() {
    prepareDependencies { $0.context = .live }

    withKnownIssue {
      prepareDependencies { $0.context = .preview }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "prepareDependencies set a DependencyContext that was already prepared; the first value is kept."
      ) == true
    }

    #expect(DependencyValues._current.greeting == "live")
  }

  /// A read fixes the context even when what it read was reset since, so reads
  /// outside every scope, in a scope that chooses its context, and of the context itself keep
  /// agreeing.
  @Test func preparingTheContextAfterAReadThatWasResetIsReportedAndKeepsTheFirst() {
    #expect(DependencyValues._current.greeting == "test")
    DependencyValues.resetAllDefaultValues()

    withKnownIssue {
      prepareDependencies { $0.context = .preview }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "prepareDependencies set a DependencyContext that was already read; the value read first is kept."
      ) == true
    }
    let scoped = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues._current.greeting
    }

    #expect(scoped == "live")
    #expect(DependencyValues._current.context == .test)
    #expect(DependencyValues._current.greeting == "test")
    #expect(GreetingModel().greeting == "test")
  }

  /// Reading the context relies on it too: preparing it afterwards is reported.
  @Test func preparingTheContextAfterItWasReadIsReported() {
    #expect(GreetingModel().context == .test)

    withKnownIssue {
      prepareDependencies { $0.context = .live }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "prepareDependencies set a DependencyContext that was already read; the value read first is kept."
      ) == true
    }
    #expect(DependencyValues._current.context == .test)
  }
}

final class PrepareDependenciesCompatibilityXCTests: XCTestCase {
  func testItReturnsWhatTheClosureReturns() throws {
    let database = try prepareDependencies {
      let database = try Database.open("app.sqlite")
      $0.database = database
      return database
    }

    @Dependency(\.database) var prepared
    XCTAssertTrue(prepared === database)
  }

  func testPreparingTheLiveContextMakesReadsLive() {
    prepareDependencies { $0.context = .live }

    XCTAssertEqual(GreetingModel().greeting, "live")
    XCTAssertEqual(DependencyValues._current.context, .live)
  }
}
