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
  /// The values reach the model you make in the preview's closure, as
  /// `FeatureView(model: FeatureModel())` or a view whose `init` makes its model, and every
  /// model built below it (``ScopedModel``, ``WithDependencies``, ``DependencyProvider``).
  ///
  /// Xcode builds a preview's traits, then calls its closure, then computes the trait's
  /// modifier. So the trait prepares its values when it is built, as `prepareDependencies` does,
  /// over default values of the preview's own: the first Ambient trait of each preview starts it
  /// from fresh default values (each preview builds its `previewValue`s anew, so a store one
  /// preview fills is not the next one's), and no preview's values reach another preview that
  /// has a trait. The change runs once, however often SwiftUI evaluates the body.
  ///
  /// - Important: A preview without an Ambient trait starts nothing: it reads what the preview
  ///   rendered before it left. Give each preview of a file a trait,
  ///   `#Preview(traits: .dependencies { _ in })` for no change. Two traits of one preview
  ///   that set the same dependency report an issue and keep the first; set it in one.
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

/// Ends step 1 of a preview (see `PreviewCanvas`): the trait's values were prepared when the
/// trait was built, before Xcode called the preview's closure, so the tree below reads them
/// through the current defaults; computing the body marks the preview rendered, so the next
/// trait built starts the next preview.
///
/// Nothing is built in `makeSharedContext()`: that is static, and its context is shared by
/// every preview using this modifier type, so it cannot see one trait's values.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct DependenciesPreviewModifier: PreviewModifier {
  let dependencies: PreviewDependencies

  init(_ dependencies: PreviewDependencies) {
    self.dependencies = dependencies
  }

  func body(content: Content, context: Void) -> some View {
    dependencies.rendered()
    return content
  }
}
#endif
