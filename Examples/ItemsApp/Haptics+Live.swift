import Ambient
import UIKit

extension Haptics {
  /// UIKit's light impact feedback. The generator is made here, on the main actor, as UIKit
  /// requires.
  static func live() -> Haptics {
    let generator = UIImpactFeedbackGenerator(style: .light)
    return Haptics { generator.impactOccurred() }
  }
}

nonisolated extension HapticsKey: DependencyKey {
  static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics.live() } }
}
