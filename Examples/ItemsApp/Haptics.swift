import Ambient

/// The app's main-actor dependency: a UI-bound service, as a `@MainActor` class. Its live value
/// plays UIKit's feedback (`Haptics+Live.swift`); previews and tests get a silent one.
@MainActor
final class Haptics {
  private let impact: @MainActor () -> Void

  /// - Parameter impact: Plays the feedback, on the main actor.
  init(impact: @escaping @MainActor () -> Void) {
    self.impact = impact
  }

  /// A light tap when an item's favourite state changes.
  func favoriteToggled() {
    impact()
  }
}

/// The key hands out a `MainActorValue`: reading the dependency is allowed anywhere, and the
/// `Haptics` object is built on the main actor the first time main-actor code asks for it
/// (`haptics.value`), once per default value. No `MainActor.assumeIsolated` anywhere.
enum HapticsKey: TestDependencyKey {
  static var previewValue: MainActorValue<Haptics> { MainActorValue { Haptics(impact: {}) } }
  static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics(impact: {}) } }
}

nonisolated extension DependencyValues {
  var haptics: MainActorValue<Haptics> {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}
