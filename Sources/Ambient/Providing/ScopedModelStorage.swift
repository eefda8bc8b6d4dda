/// A model a view keeps in its state, built on first access inside the scope of the view's part
/// of the tree: the logic behind `AmbientUI`'s `@ScopedModel`.
///
/// `@StateObject private var model = ItemDetailModel()` builds the model when SwiftUI installs
/// the view, before the view knows its place in the tree: its `@Dependency` properties capture
/// the process's values (live ones, in an app), not what `.dependency(…)` or a provider above
/// it set. This storage builds the model the first time the view's body reads it, with the
/// subtree's scope bound, and keeps it from then on:
///
/// ```swift
/// let model = storage.model(in: scope) { ItemDetailModel() }   // captures the subtree's values
/// ```
///
/// The model is built once: a later read in another scope (values changed above the view) gets
/// the same model, as a `@StateObject` would keep it. Hand a model that must follow such changes
/// its dependencies through its initialiser, from `DependencyProvider(model:content:)`, instead.
@MainActor
package final class ScopedModelStorage<Model> {
  private var model: Model?

  // Nonisolated so that a view's state default value can create it from any context.
  nonisolated package init() {}

  /// Whether the model was built yet.
  package var isBuilt: Bool { model != nil }

  /// The model built earlier, or the one `make` builds now with `scope`'s values bound; `built`
  /// is told about a new model once, so the view can observe it.
  package func model(
    in scope: DependencyScope,
    make: () -> Model,
    built: (Model) -> Void = { _ in }
  ) -> Model {
    if let model { return model }
    let made = scope.withValues(make)
    model = made
    built(made)
    return made
  }
}
