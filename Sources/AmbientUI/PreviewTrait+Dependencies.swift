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
  ///   WithDependencies(model: { ItemListModel() }) { model in
  ///     ItemListView(model: model)
  ///   }
  /// }
  /// ```
  ///
  /// The views below the trait, and every model made there (``WithDependencies``'s `model:`,
  /// ``ScopedModel``, ``DependencyProvider``, ``ViewDependency``), read exactly this preview's
  /// values over default values of their own, whatever order Xcode builds previews in: the
  /// values travel in the environment, not through the process. `update` runs once, when Xcode
  /// builds the trait, however often SwiftUI evaluates the preview.
  ///
  /// A model made in the `#Preview` closure itself, as in `ItemListView(model: ItemListModel())`,
  /// reads the process's values, since nothing binds values around the closure. Ambient gives
  /// the process this preview's values when Xcode builds its traits while no other preview's
  /// wait to be shown, and when it first shows the preview, and a preview whose closure's
  /// models may have read other values shows a yellow notice naming its
  /// `#Preview` and the fix: make the model below the traits, as above, or give it its
  /// dependencies in its initialiser. The process never keeps another preview's values without
  /// the preview saying so. See "The orders Xcode may use" in <doc:PreviewsWithoutABucketBrigade> for the
  /// orders Xcode is reported to use and what each preview shows under them.
  ///
  /// - Important: Values this trait sets are the same objects for models made in the closure
  ///   and below the traits (one in-memory store); default values it does not set are built once
  ///   for the views below and once for the process. Set every dependency that keeps state here.
  ///   Two traits of one preview that set the same dependency keep the first trait's value and
  ///   report an issue at the `#Preview`; set it in one.
  ///
  /// - Parameters:
  ///   - fileID: The preview, for its notice and reports; inside `#Preview` the default is the
  ///     `#Preview`'s own location.
  ///   - filePath: The preview, for reports.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  ///   - update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependencies(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: (inout DependencyValues) -> Void
  ) -> PreviewTrait<T> {
    .modifier(
      DependenciesPreviewModifier(
        PreviewDependencies(update, fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Sets the dependency at `keyPath` for one preview, as in
  /// `#Preview(traits: .dependency(\.apiClient, .mock)) { … }`; see
  /// ``DeveloperToolsSupport/PreviewTrait/dependencies(fileID:filePath:line:column:_:)`` for what
  /// reads it.
  ///
  /// - Parameters:
  ///   - keyPath: The ``/Ambient/DependencyValues`` property to set.
  ///   - value: Its value in the preview.
  ///   - fileID: The preview (the `#Preview`'s location by default).
  ///   - filePath: The preview, for reports.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> {
    .modifier(
      DependenciesPreviewModifier(
        .setting(keyPath, value, fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Sets the dependency of a type that is its own key for one preview, as in
  /// `#Preview(traits: .dependency(Theme.dark)) { … }`.
  ///
  /// - Parameters:
  ///   - value: The dependency, such as a `Theme` that conforms to ``/Ambient/DependencyKey``.
  ///   - fileID: The preview (the `#Preview`'s location by default).
  ///   - filePath: The preview, for reports.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Key: TestDependencyKey>(
    _ value: Key,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> where Key.Value == Key {
    .modifier(
      DependenciesPreviewModifier(.setting(value, fileID: fileID, filePath: filePath, line: line, column: column)))
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
  /// - Parameters:
  ///   - value: The required dependency to install.
  ///   - fileID: The preview (the `#Preview`'s location by default).
  ///   - filePath: The preview, for reports.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Key: RequiredDependencyKey>(
    _ value: Key,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> {
    .modifier(
      DependenciesPreviewModifier(.installing(value, fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}

/// The trait's modifier: its body puts the preview's values in the environment of the views
/// below it (see `PreviewDependenciesView`).
///
/// Nothing is built in `makeSharedContext()`: that context is shared by every preview using
/// this modifier type (Apple's documentation of `makeSharedContext()`), so it cannot hold one
/// preview's values.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct DependenciesPreviewModifier: PreviewModifier {
  let dependencies: PreviewDependencies

  init(_ dependencies: PreviewDependencies) {
    self.dependencies = dependencies
  }

  func body(content: Content, context: Void) -> some View {
    PreviewDependenciesView(trait: dependencies, content: content)
  }
}
#endif
