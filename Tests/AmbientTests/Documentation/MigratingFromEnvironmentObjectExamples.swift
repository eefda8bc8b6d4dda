// Mirrors the examples of Ambient.docc/Articles/MigratingFromEnvironmentObject.md.
// Exempt (SwiftUI, Apple only): the "Before" snippet and the `GameView` views.
import Ambient
import AmbientTesting
import Testing

enum MigratingFromEnvironmentObjectExamples {
  struct DiceRoller: DependencyKey {
    var roll: @Sendable () -> Int
  }

  final class GameModel {
    @Dependency(\.diceRoller) var diceRoller
    var lastRoll: Int?

    func roll() { lastRoll = diceRoller.roll() }
  }
}

nonisolated extension MigratingFromEnvironmentObjectExamples.DiceRoller {
  static let liveValue = Self(roll: { Int.random(in: 1...6) })
  static let testValue = Self(roll: unimplemented("DiceRoller.roll", placeholder: 1))
}

nonisolated extension DependencyValues {
  fileprivate var diceRoller: MigratingFromEnvironmentObjectExamples.DiceRoller {
    get { self[MigratingFromEnvironmentObjectExamples.DiceRoller.self] }
    set { self[MigratingFromEnvironmentObjectExamples.DiceRoller.self] = newValue }
  }
}

@Suite struct MigratingFromEnvironmentObjectExamplesTests {
  typealias GameModel = MigratingFromEnvironmentObjectExamples.GameModel

  @Test(.dependency(\.diceRoller.roll, { 6 }))
  func rollsASix() {
    let model = GameModel()
    model.roll()
    #expect(model.lastRoll == 6)
  }

  @Test func theLiveRollerRollsADie() {
    let model = withDependencies {
      $0.context = .live
    } operation: {
      GameModel()
    }
    model.roll()
    #expect((1...6).contains(model.lastRoll ?? 0))
  }

  @Test func aModelCreatedInAScopeKeepsItsValues() {
    let model = withDependencies {
      $0.diceRoller.roll = { 2 }
    } operation: {
      GameModel()
    }
    model.roll()
    #expect(model.lastRoll == 2)
  }
}
