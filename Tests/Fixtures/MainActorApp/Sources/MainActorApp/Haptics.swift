// The main-actor dependency of the "Main-actor app targets" article, as printed there.
import Ambient

@MainActor final class Haptics {
  private(set) var taps = 0
  func tap() { taps += 1 }
}

enum HapticsKey: DependencyKey {
  static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
  static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
}

nonisolated extension DependencyValues {
  var haptics: MainActorValue<Haptics> {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}

@MainActor final class CheckoutModel {
  @Dependency(\.haptics) var haptics
  func pay() { haptics.value.tap() }
}
