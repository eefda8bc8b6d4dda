#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// Builds views with changed dependencies: models they create and ``/Ambient/Dependency``
/// properties of views initialised in `content` capture them, and the subtree's environment carries
/// them. Use it to give one `#Preview` its own values.
///
/// Give it the preview's model with `model:`; it is built once, with the changed values, and
/// kept for as long as the preview shows, however often SwiftUI evaluates the body:
///
/// ```swift
/// #Preview("Empty list") {
///   WithDependencies {
///     $0.database = .inMemory(favorites: [])
///   } model: {
///     ItemListModel(apiClient: APIClient(fetchItems: { [] }))
///   } content: { model in
///     ItemListView(model: model)
///   }
/// }
/// ```
///
/// The values live in that preview's view tree and in the models created in it, never in the
/// process: other previews in the same file keep their own values.
/// (``/Ambient/prepareDependencies(_:fileID:filePath:line:column:)``, by contrast, changes the
/// defaults for every preview the process renders.) The subtree's scope keeps its identity while
/// the scope above and `update` are unchanged (a closure literal that captures nothing always is),
/// so re-rendering does not invalidate the views below.
///
/// - Important: `content` runs at every evaluation of the body. A model created inside it,
///   as in `content: { ItemListView(model: ItemListModel()) }`, is a new model each time and
///   loses its state; build it with `model:` instead, or keep it in `@State` of your own.
///
/// - Important: The values not changed here are those of the scope above it. Outside a preview
///   trait they are the process's default values, which a preview process shares between the
///   previews it renders: a store one preview fills is still full in the next one.
///   `WithDependencies` does not start fresh default values of its own, since in an app that
///   would build a second live database below it. On iOS 18 and later, put it below a trait, as
///   in `#Preview(traits: .dependencies { $0.database = .inMemory() }) { WithDependencies(model: …) … }`:
///   the views below a trait start from default values of their own, for each preview.
///
/// - Important: ``/Ambient/Dependency`` captures values when its owner is initialised. SwiftUI
///   gives a property wrapper no way to read the environment later without a stored `@Environment`
///   inside it, which ``/Ambient/Dependency`` cannot hold without depending on SwiftUI; so views
///   see subtree values through `content` here, ``DependencyProvider``'s content,
///   ``ViewDependency``, or `@Environment(\.dependencyScope)`.
@MainActor
public struct WithDependencies<Content: View>: View {
  @Environment(\.dependencyScope) private var scope
  @State private var derivation = ScopeDerivation()
  @State private var model = BuiltOnce()
  private let update: ScopeUpdate
  private let content: @MainActor (BuiltOnce) -> Content

  /// Builds `content` with `update`'s changes over the values above it.
  ///
  /// - Parameters:
  ///   - update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``; none by
  ///     default.
  ///   - content: Builds the views that get the values; it runs at every body evaluation.
  public init(
    _ update: @escaping (inout DependencyValues) -> Void = { _ in },
    @ViewBuilder content: @escaping () -> Content
  ) {
    self.update = ScopeUpdate(update)
    self.content = { _ in content() }
  }

  /// Builds `model` once, with `update`'s changes over the values above it, and `content` from
  /// it at every body evaluation.
  ///
  /// - Parameters:
  ///   - update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``; none by
  ///     default.
  ///   - model: Builds the model the preview shows, once; it captures the changed values.
  ///   - content: Builds the views from the model.
  public init<Model>(
    _ update: @escaping (inout DependencyValues) -> Void = { _ in },
    model: @escaping () -> Model,
    @ViewBuilder content: @escaping (Model) -> Content
  ) {
    self.update = ScopeUpdate(update)
    self.content = { built in content(built.value(orMake: model)) }
  }

  public var body: some View {
    let subtree = derivation.scope(over: scope, update: update)
    return subtree.withValues { content(model) }.environment(\.dependencyScope, subtree)
  }
}
#endif
