#if canImport(UIKit) && canImport(SwiftUI) && (os(iOS) || os(tvOS) || os(visionOS))
public import Ambient
import SwiftUI
public import UIKit

/// The UIKit trait that carries a view hierarchy's ``DependencyScope``; bridged to SwiftUI's
/// ``SwiftUI/EnvironmentValues/dependencyScope``, so hosted SwiftUI views and UIKit screens read
/// the same values.
@available(iOS 17.0, tvOS 17.0, *)
struct DependencyScopeTrait: UITraitDefinition {
  // A scope compares in O(1) by identity, as trait diffing needs.
  static let defaultValue = DependencyScope()
}

@available(iOS 17.0, tvOS 17.0, *)
extension UITraitCollection {
  /// The dependency values of this part of the UIKit hierarchy; nothing overridden by default.
  ///
  /// Set it once, at the root, and every view controller below (and SwiftUI views they host)
  /// sees it:
  ///
  /// ```swift
  /// windowScene.traitOverrides.dependencyScope = DependencyScope()
  ///   .installing(AppDependency(apiClient: .live, database: .live))
  /// ```
  public var dependencyScope: DependencyScope { self[DependencyScopeTrait.self] }
}

@available(iOS 17.0, tvOS 17.0, *)
extension UIMutableTraits {
  /// The dependency values of this part of the UIKit hierarchy; set it through
  /// `traitOverrides` on a window scene, window, view controller or view.
  public var dependencyScope: DependencyScope {
    get { self[DependencyScopeTrait.self] }
    set { self[DependencyScopeTrait.self] = newValue }
  }
}

@available(iOS 17.0, tvOS 17.0, *)
extension DependencyScopeKey: UITraitBridgedEnvironmentKey {
  static func read(from traitCollection: UITraitCollection) -> DependencyScope {
    traitCollection.dependencyScope
  }

  static func write(to mutableTraits: inout any UIMutableTraits, value: DependencyScope) {
    mutableTraits.dependencyScope = value
  }
}
#endif
