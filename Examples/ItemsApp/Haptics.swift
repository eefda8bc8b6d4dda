import Ambient
import UIKit

/// The app's main-actor dependency: a UI-bound service, as a `@MainActor` class.
///
/// Its initialiser is `nonisolated` (it touches nothing main-actor isolated), so the key's
/// `nonisolated` `liveValue` can build it anywhere; everything it does runs on the main actor.
@MainActor
final class Haptics: Sendable {
  private let isEnabled: Bool

  nonisolated init(isEnabled: Bool = true) {
    self.isEnabled = isEnabled
  }

  /// A light tap when an item becomes a favourite.
  func favoriteToggled() {
    guard isEnabled else { return }
    UIImpactFeedbackGenerator(style: .light).impactOccurred()
  }

  /// Silent: for previews and tests.
  nonisolated static let silent = Haptics(isEnabled: false)
}

/// The key is not main-actor isolated, so reading the dependency is allowed from any context.
private enum HapticsKey: DependencyKey {
  static let liveValue = Haptics()
  static let previewValue = Haptics.silent
  static let testValue = Haptics.silent
}

extension DependencyValues {
  var haptics: Haptics {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}
