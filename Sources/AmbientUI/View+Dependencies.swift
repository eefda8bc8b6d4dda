#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

@MainActor
extension View {
  /// Sets the dependency at `keyPath` for this view and everything below it.
  ///
  /// ```swift
  /// ItemListView(model: model)
  ///   .dependency(\.apiClient, .mock)
  /// ```
  ///
  /// Read by ``DependencyProvider``, ``WithDependencies`` and
  /// ``SwiftUI/EnvironmentValues/dependencyScope`` below it; views above and beside it keep their
  /// values.
  ///
  /// The values it does not set are the process's defaults, shared by every preview a preview
  /// process renders, and by the whole app: a modifier cannot start fresh default values of its
  /// own, since in the app that would build a second live database below it, and in a preview a
  /// model made in the `#Preview` closure, before the modifier runs, would read other defaults
  /// than the views below. To start each preview fresh, use a preview trait (iOS 18 and later),
  /// as in `#Preview(traits: .dependency(\.apiClient, .mock))`.
  ///
  /// - Parameters:
  ///   - keyPath: The ``/Ambient/DependencyValues`` property to set.
  ///   - value: Its value in this subtree.
  /// - Returns: This view with the changed dependency.
  public func dependency<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value) -> some View {
    modifier(DependencyScopeModifier(inputs: keyPath, value) { $0[keyPath: keyPath] = value })
  }

  /// Sets the dependency of a type that is its own key, for this view and everything below it.
  ///
  /// - Parameter value: The dependency, such as a `Database` that conforms to
  ///   ``/Ambient/DependencyKey``.
  /// - Returns: This view with the changed dependency.
  public func dependency<Key: TestDependencyKey>(_ value: Key) -> some View where Key.Value == Key {
    modifier(DependencyScopeModifier(inputs: value, ()) { $0[Key.self] = value })
  }

  /// Installs a required dependency (the app's aggregate, usually) for this view and
  /// everything below it: what ``DependencyProvider`` hands over.
  ///
  /// ```swift
  /// RootView()
  ///   .dependency(AppDependency(apiClient: .live, database: .live))
  /// ```
  ///
  /// The installation keeps its identity across evaluations of the enclosing body while
  /// `value` is the same (see "Identity across body evaluations" on
  /// ``dependencies(_:)``), so keep the aggregate in a property, as an `App`'s `let`, rather
  /// than building it in `body`.
  ///
  /// - Parameter value: The required dependency to install.
  /// - Returns: This view with the dependency installed.
  public func dependency<Key: RequiredDependencyKey>(_ value: Key) -> some View {
    modifier(DependencyScopeModifier(inputs: value, ()) { $0.install(value) })
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
  /// ## Identity across body evaluations
  ///
  /// The subtree's scope keeps its identity, so the views below that read it are not
  /// invalidated, while the scope above and the modifier's inputs are unchanged. Inputs compare
  /// with `==` when their type is `Equatable`; anything else is the same when its stored bits
  /// are (the same objects, by identity, and the same inline data), so a client kept in a
  /// `static let` is the same on every evaluation and one rebuilt with new closures is not.
  /// A closure is the same only as the same closure value: a literal that captures nothing is;
  /// one that captures `self` or a local is new at each evaluation, and its scope is derived
  /// again each time (correct, only not cached).
  ///
  /// - Parameter update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``.
  /// - Returns: This view with the changed dependencies.
  public func dependencies(_ update: @escaping (inout DependencyValues) -> Void) -> some View {
    let update = ScopeUpdate(update)
    return modifier(DependencyScopeModifier(inputs: update, ()) { update.apply(&$0) })
  }
}

/// Writes the subtree's scope (the one above, changed by `update`) into the environment,
/// keeping it while the scope above and the inputs are unchanged (see `ScopeDerivation`).
@MainActor
struct DependencyScopeModifier<First, Second>: ViewModifier {
  @Environment(\.dependencyScope) private var scope
  @State private var derivation = ScopeDerivation()
  private let first: First
  private let second: Second
  private let update: (inout DependencyValues) -> Void

  init(inputs first: First, _ second: Second, update: @escaping (inout DependencyValues) -> Void) {
    self.first = first
    self.second = second
    self.update = update
  }

  func body(content: Content) -> some View {
    content.environment(\.dependencyScope, derivation.scope(over: scope, inputs: first, second, update: update))
  }
}
#endif
