/// The model a provider builds from the installed aggregate for the screen it shows: built once,
/// inside the subtree's scope, and kept for as long as the provider is in the tree, however often
/// SwiftUI evaluates its body. The logic behind `AmbientUI`'s
/// `DependencyProvider(model:content:)`, which keeps one of these in `@State`:
///
/// ```swift
/// let model = provided.model(from: scope.required(AppDependency.self), in: scope) { deps in
///   ItemDetailModel(item: item, database: deps.database)
/// }
/// ```
///
/// A different installation (a new aggregate installed above, with a new identity) builds the
/// model again from it, since the old one holds the old clients. So does a different `id`: the
/// input the model is built for, such as the item a split view's detail column shows, which
/// SwiftUI may hand to the same provider without making a new one (`DependencyProvider(id:…)`).
/// Nothing installed builds nothing and returns `nil`; the provider shows its "not set" screen.
@MainActor
package final class ProvidedModel<Aggregate: RequiredDependencyKey> {
  private var built: (installation: Required<Aggregate>, id: AnyHashable?, model: Any)?

  // Nonisolated so that a view's `@State` default value can create it from any context.
  nonisolated package init() {}

  /// The model built for `required`'s installation and `id`, or the one `make` builds now, with
  /// `scope`'s values bound so that its `@Dependency` properties capture them; `nil` when
  /// nothing is installed.
  ///
  /// - Parameter id: What the model is built for; a different one builds a new model (`nil`, the
  ///   default, is one fixed input). Values compare with `==`.
  package func model<Model>(
    from required: Required<Aggregate>,
    in scope: DependencyScope,
    id: AnyHashable? = nil,
    make: (Aggregate) -> Model
  ) -> Model? {
    guard let aggregate = required.installedValue else { return nil }
    if let built, built.installation == required, built.id == id, let model = built.model as? Model {
      return model
    }
    let model = scope.withValues { make(aggregate) }
    built = (required, id, model)
    return model
  }
}
