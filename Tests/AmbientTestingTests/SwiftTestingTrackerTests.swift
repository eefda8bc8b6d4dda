import Ambient
import AmbientTestSupport
import Testing

@testable import AmbientTesting

/// Each Swift Testing test, and each case of a parameterised test, starts from fresh default
/// values with no trait at all: a stateful `testValue` changed in one is new in the next.
@Suite struct SwiftTestingTrackerTests {
  @Suite(.serialized) struct Serialized {
    @Test func first() { expectFreshTallyThenChangeIt() }
    @Test func second() { expectFreshTallyThenChangeIt() }
    @Test func third() { expectFreshTallyThenChangeIt() }
  }

  @Suite struct Parallel {
    @Test func first() { expectFreshTallyThenChangeIt() }
    @Test func second() { expectFreshTallyThenChangeIt() }
    @Test(oneMinuteLimit) func third() async {
      await Task.yield()
      expectFreshTallyThenChangeIt()
    }
  }

  /// 120 cases in parallel, 20 of them repeating another case's argument; each changes the
  /// tally as many times as its argument and must see exactly its own changes.
  @Test(oneMinuteLimit, arguments: Array(1...100) + Array(1...20))
  func parameterisedCasesEachGetTheirOwnValues(increments: Int) async {
    @Dependency(\.tally) var tally
    #expect(tally.count == 0)
    for _ in 0..<increments {
      tally.increment()
      await Task.yield()
    }
    #expect(tally.count == increments)
  }

  /// A case's first asks can come from several of its tasks at once: they all get the case's
  /// one set of values, not one each.
  @Test(oneMinuteLimit, arguments: 0..<100)
  func concurrentFirstAsksOfACaseShareItsValues(_ index: Int) async {
    let tallies = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(DependencyValues._current.tally) } }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(tallies.count == 1)
  }

  /// Ambient asks for the running case's token on every read of `_current` with nothing bound
  /// and every capture: after the first ask, the case is recognized by its values' bits and
  /// keeps its token.
  @Test(arguments: [1, 2, 3])
  func aCaseIsRecognizedAfterItsFirstAsk(_ argument: Int) throws {
    let token = try #require(SwiftTestingTracker.currentToken)
    #expect(isRecognizedRightAfterAsking())
    #expect(SwiftTestingTracker.currentToken == token)
    #expect(DependencyValues._current.tally === DependencyValues._current.tally)
  }

  @Test func aTestWithoutCasesIsRecognizedAfterItsFirstAsk() throws {
    let token = try #require(SwiftTestingTracker.currentToken)
    #expect(isRecognizedRightAfterAsking())
    #expect(SwiftTestingTracker.currentToken == token)
  }

  /// Whether the running case is recognized right after an ask, in one of three tries: the
  /// tracker keeps about 1,024 cases, and tests running beside this one (a thousand cases in
  /// parallel) could push this one, which holds nothing, out between the ask and the check.
  private func isRecognizedRightAfterAsking() -> Bool {
    (0..<3).contains { _ in
      _ = SwiftTestingTracker.currentToken
      return SwiftTestingTracker.recognizesCurrentCase
    }
  }

  @Test(oneMinuteLimit) func childTasksShareTheirTestsValues() async {
    @Dependency(\.tally) var tally
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask {
          @Dependency(\.tally) var tally
          tally.increment()
        }
      }
    }
    #expect(tally.count == 10)
  }
}

func expectFreshTallyThenChangeIt(sourceLocation: SourceLocation = #_sourceLocation) {
  @Dependency(\.tally) var tally
  #expect(tally.count == 0, sourceLocation: sourceLocation)
  tally.increment()
  tally.increment()
  #expect(tally.count == 2, sourceLocation: sourceLocation)
}
