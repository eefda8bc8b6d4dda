/// The dependency values that one part of a UI tree carries: what SwiftUI's environment and
/// UIKit's traits hold for [AmbientUI](/documentation/ambientui), and what its view modifiers
/// [`.dependency(…)`](/documentation/ambientui/swiftui/view/dependency(_:_:)) and
/// [`.dependencies { … }`](/documentation/ambientui/swiftui/view/dependencies(_:)) change for a
/// subtree.
///
/// A scope starts with nothing overridden. Each change makes a new scope for the subtree below
/// it; the scope above is untouched, so sibling subtrees (and sibling previews) never see each
/// other's values:
///
/// ```swift
/// let root = DependencyScope().installing(AppDependency(apiClient: .live, database: .live))
/// let preview = root.updating(\.apiClient, .mock)     // root still has the live client
/// let model = preview.withValues { ItemListModel() }  // captures the mock client
/// ```
///
/// ``withValues(_:)`` binds the scope's values over the current ones for an operation, so that
/// `@Dependency` properties of models and views created inside it capture them; the scope's
/// values win over the current scope's. Defaults are those of the current context (live,
/// preview or test) and of `prepareDependencies`.
///
/// Scopes compare in O(1), by identity: a copy is equal, any change makes a new identity, and
/// `updating` with no change keeps it.
///
/// - Important: A scope binds its values only while ``withValues(_:)`` runs. Code that runs
///   later (a button action, a `.task`) sees the values only through models created inside it.
public struct DependencyScope: Sendable, Equatable {
  /// The values this scope overrides, over whatever is current where it is used.
  public let values: DependencyValues

  /// A scope that overrides nothing.
  public init() {
    values = DependencyValues()
  }

  /// A scope that overrides what `values` overrides.
  ///
  /// - Parameter values: The overrides, such as a `DependencyValues` changed by hand.
  public init(_ values: DependencyValues) {
    self.values = values
  }

  /// A scope for a subtree: these values with `update`'s changes.
  ///
  /// - Parameter update: Changes the values, as in `withDependencies`.
  /// - Returns: The subtree's scope.
  public func updating(_ update: (inout DependencyValues) throws -> Void) rethrows -> DependencyScope {
    try DependencyScope(values.updated(by: update))
  }

  /// A scope for a subtree, with the dependency at `keyPath` set to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to set, as in `\.apiClient`.
  ///   - value: Its value in the subtree.
  /// - Returns: The subtree's scope.
  public func updating<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value) -> DependencyScope {
    updating { $0[keyPath: keyPath] = value }
  }

  /// A scope for a subtree, with `value` as the dependency of a type that is its own key.
  ///
  /// - Parameter value: The dependency, such as a `Database` that conforms to `DependencyKey`.
  /// - Returns: The subtree's scope.
  public func updating<Key: TestDependencyKey>(_ value: Key) -> DependencyScope where Key.Value == Key {
    updating { $0[Key.self] = value }
  }

  /// A scope for a subtree, with `value` installed as a required dependency (the app's
  /// aggregate, usually), as ``DependencyValues/install(_:)`` installs it: with a new identity.
  ///
  /// ```swift
  /// let root = DependencyScope().installing(AppDependency(apiClient: .live, database: .live))
  /// ```
  ///
  /// - Parameter value: The required dependency to install.
  /// - Returns: The subtree's scope.
  public func installing<Key: RequiredDependencyKey>(_ value: Key) -> DependencyScope {
    updating { $0.install(value) }
  }

  /// Runs `operation` with this scope's values over the current ones.
  ///
  /// - Parameter operation: Creates views or models that capture the scope's dependencies.
  /// - Returns: What `operation` returns.
  public func withValues<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.withBound(DependencyValues.current.merging(values), operation: operation)
  }

  /// Scopes are equal when they hold the same overrides (the same object), in O(1).
  public static func == (lhs: DependencyScope, rhs: DependencyScope) -> Bool {
    lhs.values.overrides === rhs.values.overrides
  }
}
