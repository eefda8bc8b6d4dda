import Ambient
import Observation

/// The app's main-actor dependency: a UI-bound service, as a `@MainActor` class. A model asks
/// for feedback; the screen showing the model plays it with SwiftUI's `sensoryFeedback`, which
/// needs no UIKit generator. The app's plays, previews' and tests' stay silent.
@MainActor
@Observable
final class Haptics {
  /// Whether the screen plays the feedback asked for.
  let isEnabled: Bool
  /// How many times feedback was asked for: the screen plays it each time this changes.
  private(set) var requests = 0

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// A light tap when an item's favourite state changes.
  func favoriteToggled() {
    requests += 1
  }
}

/// The key hands out a `MainActorValue`: reading the dependency is allowed anywhere, and the
/// `Haptics` object is built on the main actor the first time main-actor code asks for it
/// (`haptics.value`), once per default value. No `MainActor.assumeIsolated` anywhere.
enum HapticsKey: DependencyKey {
  static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics(isEnabled: true) } }
  static var previewValue: MainActorValue<Haptics> { MainActorValue { Haptics(isEnabled: false) } }
  static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics(isEnabled: false) } }
}

nonisolated extension DependencyValues {
  var haptics: MainActorValue<Haptics> {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}
