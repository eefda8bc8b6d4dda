#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

extension View {
  /// Sets the dependency at `keyPath` for this view and everything below it.
  ///
  /// ```swift
  /// ItemListView(model: model)
  ///   .dependency(\.apiClient, .mock)
  /// ```
  ///
  /// Read by ``DependencyProvider``, ``WithDependencies`` and `\.dependencyScope` below it;
  /// views above and beside it keep their values.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to set.
  ///   - value: Its value in this subtree.
  /// - Returns: This view with the changed dependency.
  public func dependency<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value) -> some View {
    modifier(DependencyScopeModifier { $0[keyPath: keyPath] = value })
  }

  /// Sets the dependency of a type that is its own key, for this view and everything below it.
  ///
  /// - Parameter value: The dependency, such as a `Database` that conforms to `DependencyKey`.
  /// - Returns: This view with the changed dependency.
  public func dependency<Key: TestDependencyKey>(_ value: Key) -> some View where Key.Value == Key {
    modifier(DependencyScopeModifier { $0[Key.self] = value })
  }

  /// Installs a required dependency (the app's aggregate, usually) for this view and
  /// everything below it: what ``DependencyProvider`` hands over.
  ///
  /// ```swift
  /// RootView()
  ///   .dependency(AppDependency(apiClient: .live, database: .live))
  /// ```
  ///
  /// - Parameter value: The required dependency to install.
  /// - Returns: This view with the dependency installed.
  /// - Important: Each evaluation of the enclosing body installs a new identity, which
  ///   invalidates the views that read it; apply it where the body rarely changes (the root).
  public func dependency<Key: RequiredDependencyKey>(_ value: Key) -> some View {
    modifier(DependencyScopeModifier { $0.install(value) })
  }

  /// Changes several dependencies for this view and everything below it.
  ///
  /// ```swift
  /// ItemListView(model: model)
  ///   .dependencies {
  ///     $0.apiClient = .mock
  ///     $0.date.now = Date(timeIntervalSince1970: 0)
  ///   }
  /// ```
  ///
  /// - Parameter update: Changes the values, as in `withDependencies`.
  /// - Returns: This view with the changed dependencies.
  public func dependencies(_ update: @escaping (inout DependencyValues) -> Void) -> some View {
    modifier(DependencyScopeModifier(update: update))
  }
}

/// Writes the subtree's scope (the one above, changed by `update`) into the environment.
struct DependencyScopeModifier: ViewModifier {
  @Environment(\.dependencyScope) private var scope
  private let update: (inout DependencyValues) -> Void

  init(update: @escaping (inout DependencyValues) -> Void) {
    self.update = update
  }

  func body(content: Content) -> some View {
    content.environment(\.dependencyScope, scope.updating(update))
  }
}
#endif
