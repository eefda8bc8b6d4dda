#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// The SwiftUI environment entry that carries a subtree's ``DependencyScope``. On iOS 17 and
/// tvOS 17 it is bridged to the UIKit trait of the same name (see
/// `UITraitCollection+DependencyScope.swift`).
struct DependencyScopeKey: EnvironmentKey {
  static let defaultValue = DependencyScope()
}

extension EnvironmentValues {
  /// The dependency values of this part of the view tree, as changed by
  /// ``SwiftUI/View/dependency(_:_:)`` and ``SwiftUI/View/dependencies(_:)`` above it; nothing
  /// overridden by default.
  ///
  /// Read it to create a model with the subtree's dependencies outside a view's initializer:
  ///
  /// ```swift
  /// @Environment(\.dependencyScope) private var scope
  /// …
  /// .task { model = scope.withValues { ItemDetailModel(item: item) } }
  /// ```
  ///
  /// In a UIKit hierarchy on iOS 17 or later it falls back to the
  /// ``UIKit/UITraitCollection/dependencyScope`` trait of the hosting view, so values set with
  /// `traitOverrides.dependencyScope` (``UIKit/UIMutableTraits/dependencyScope``) reach SwiftUI
  /// too.
  public var dependencyScope: DependencyScope {
    get {
      #if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
      // Inside the availability check the subscript overload for trait-bridged keys is chosen.
      if #available(iOS 17.0, tvOS 17.0, *) { return self[DependencyScopeKey.self] }
      #endif
      return self[DependencyScopeKey.self]
    }
    set {
      #if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
      if #available(iOS 17.0, tvOS 17.0, *) {
        self[DependencyScopeKey.self] = newValue
        return
      }
      #endif
      self[DependencyScopeKey.self] = newValue
    }
  }
}
#endif
