#if canImport(SwiftUI, _version: 6.0)
public import Ambient
public import SwiftUI

@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension PreviewTrait where T == Preview.ViewTraits {
  /// Changes several dependencies for one preview.
  ///
  /// ```swift
  /// #Preview(traits: .dependencies {
  ///   $0.apiClient = .mock
  ///   $0.database = .inMemory(favorites: [])
  /// }) {
  ///   ItemStatsView()
  /// }
  /// ```
  ///
  /// The change runs once per preview, however often SwiftUI evaluates the body, and its values
  /// live in that preview's view tree: other previews in the same file, and the process, keep
  /// their own. Models built below it with ``ScopedModel``, ``WithDependencies`` or
  /// ``DependencyProvider`` capture them.
  ///
  /// - Parameter update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``.
  /// - Returns: A preview trait.
  public static func dependencies(_ update: @escaping (inout DependencyValues) -> Void) -> PreviewTrait<T> {
    .modifier(DependenciesPreviewModifier(PreviewDependencies(update)))
  }

  /// Sets the dependency at `keyPath` for one preview, as in
  /// `#Preview(traits: .dependency(\.apiClient, .mock)) { … }`.
  ///
  /// - Parameters:
  ///   - keyPath: The ``/Ambient/DependencyValues`` property to set.
  ///   - value: Its value in the preview.
  /// - Returns: A preview trait.
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> PreviewTrait<T> {
    .modifier(DependenciesPreviewModifier(.setting(keyPath, value)))
  }

  /// Sets the dependency of a type that is its own key for one preview.
  ///
  /// - Parameter value: The dependency, such as a `Theme` that conforms to
  ///   ``/Ambient/DependencyKey``.
  /// - Returns: A preview trait.
  public static func dependency<Key: TestDependencyKey>(_ value: Key) -> PreviewTrait<T> where Key.Value == Key {
    .modifier(DependenciesPreviewModifier(.setting(value)))
  }

  /// Installs a required dependency (the app's aggregate, usually) for one preview, so that the
  /// screens it navigates to through ``DependencyProvider`` are built instead of the red
  /// "not set" screen:
  ///
  /// ```swift
  /// #Preview(traits: .dependency(AppDependency(apiClient: .preview, database: .preview))) {
  ///   ItemListView(model: ItemListModel(apiClient: .preview))
  /// }
  /// ```
  ///
  /// - Parameter value: The required dependency to install.
  /// - Returns: A preview trait.
  public static func dependency<Key: RequiredDependencyKey>(_ value: Key) -> PreviewTrait<T> {
    .modifier(DependenciesPreviewModifier(.installing(value)))
  }
}

/// Gives one preview its own dependency values, derived once in the preview's view state.
///
/// The values are not built in `makeSharedContext()`: that is static, and its context is shared
/// by every preview using this modifier type, so it cannot see one trait's values. Each preview
/// derives them once in its own tree instead (see `PreviewDependencies`).
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct DependenciesPreviewModifier: PreviewModifier {
  let dependencies: PreviewDependencies

  init(_ dependencies: PreviewDependencies) {
    self.dependencies = dependencies
  }

  func body(content: Content, context: Void) -> some View {
    content.modifier(PreviewScopeModifier(dependencies: dependencies))
  }
}

/// Writes the preview's scope into the environment, derived once per preview.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
private struct PreviewScopeModifier: ViewModifier {
  @Environment(\.dependencyScope) private var scope
  @State private var derivation = ScopeDerivation()
  let dependencies: PreviewDependencies

  func body(content: Content) -> some View {
    content.environment(\.dependencyScope, dependencies.scope(over: scope, in: derivation))
  }
}
#endif
