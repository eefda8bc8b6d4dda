import Ambient
import UIKit

/// The app's main-actor dependency: a UI-bound service, as a `@MainActor` class. It makes its
/// feedback generator when it is built, which UIKit allows only on the main actor.
@MainActor
final class Haptics {
  private let generator: UIImpactFeedbackGenerator?

  init(isEnabled: Bool = true) {
    generator = isEnabled ? UIImpactFeedbackGenerator(style: .light) : nil
  }

  /// A light tap when an item becomes a favourite.
  func favoriteToggled() {
    generator?.impactOccurred()
  }
}

/// The key hands out a `MainActorValue`: reading the dependency is allowed anywhere, and the
/// `Haptics` object is built on the main actor the first time main-actor code asks for it
/// (`haptics.value`), once per default value. No `MainActor.assumeIsolated` anywhere.
private enum HapticsKey: DependencyKey {
  static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
  static var previewValue: MainActorValue<Haptics> { MainActorValue { Haptics(isEnabled: false) } }
  static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics(isEnabled: false) } }
}

extension DependencyValues {
  var haptics: MainActorValue<Haptics> {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}
