#if canImport(SwiftUI) && canImport(Combine)
import Ambient
public import Combine
#if canImport(Observation)
public import Observation
#endif
public import SwiftUI

/// A model a view keeps as state, built inside the scope of the view's part of the tree: the
/// replacement for `@StateObject private var model = Model()` (or `@State` of an `@Observable`
/// model) in a view below a ``DependencyProvider``, a ``WithDependencies`` or a
/// ``SwiftUI/View/dependency(_:_:)`` modifier.
///
/// `@StateObject` runs its initial value when SwiftUI installs the view, outside the subtree's
/// scope, so the model's ``/Ambient/Dependency`` properties silently capture the process's values
/// (live ones, in an app). ``ScopedModel`` builds the model the first time `body` reads it, with
/// the subtree's values bound, and keeps it for the view's life, as `@StateObject` keeps its
/// object:
///
/// ```swift
/// struct ItemStatsView: View {
///   @ScopedModel private var model = ItemStatsModel()   // its @Dependency(\.database) is the subtree's
///
///   var body: some View {
///     Text("\(model.favouriteCount) favourites")
///   }
/// }
/// ```
///
/// An `ObservableObject` model updates the view when it publishes a change (iOS 14 and later);
/// an `@Observable` model updates it through Observation (iOS 17 and later).
///
/// - Important: Read it in `body` (or code `body` calls), never in the view's initialiser:
///   only there does the view know its subtree. The model is built once; values changed above
///   the view later do not rebuild it. A model that must follow them takes its dependencies in
///   its initialiser, from ``DependencyProvider/init(fileID:filePath:line:column:model:content:)``.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
@propertyWrapper
public struct ScopedModel<Model: AnyObject>: DynamicProperty {
  @Environment(\.dependencyScope) private var scope
  @StateObject private var holder = ScopedModelHolder<Model>()
  private let make: @MainActor () -> Model
  private let observe: @MainActor (Model, @escaping @MainActor () -> Void) -> AnyCancellable?

  /// Keeps an `ObservableObject` model, built in the view's subtree on first access, as in
  /// `@ScopedModel private var model = ItemStatsModel()`.
  ///
  /// - Parameter make: Builds the model; it runs once, with the subtree's values bound.
  public nonisolated init(wrappedValue make: @autoclosure @escaping @MainActor () -> Model)
  where Model: ObservableObject {
    self.make = make
    observe = { model, changed in model.objectWillChange.sink { _ in changed() } }
  }

  #if canImport(Observation)
  /// Keeps an `@Observable` model, built in the view's subtree on first access, as in
  /// `@ScopedModel private var model = ItemStatsModel()`.
  ///
  /// - Parameter make: Builds the model; it runs once, with the subtree's values bound.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  public nonisolated init(wrappedValue make: @autoclosure @escaping @MainActor () -> Model)
  where Model: Observable {
    self.make = make
    // Observation tracks what `body` reads; nothing to forward.
    observe = { _, _ in nil }
  }
  #endif

  /// The model, built in the view's subtree the first time it is read.
  public var wrappedValue: Model {
    holder.model(in: scope, make: make, observe: observe)
  }
}

/// What ``ScopedModel`` keeps in `@StateObject`: the model's storage, and the forwarding of an
/// `ObservableObject` model's changes to the view.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
private final class ScopedModelHolder<Model: AnyObject>: ObservableObject {
  private let storage = ScopedModelStorage<Model>()
  private var forwarding: AnyCancellable?

  nonisolated init() {}

  func model(
    in scope: DependencyScope,
    make: () -> Model,
    observe: (Model, @escaping @MainActor () -> Void) -> AnyCancellable?
  ) -> Model {
    storage.model(in: scope, make: make) { built in
      forwarding = observe(built) { [weak self] in self?.objectWillChange.send() }
    }
  }
}
#endif
