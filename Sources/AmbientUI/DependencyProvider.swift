#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// Builds a screen from the app's aggregate of dependencies, handed over non-optionally: the
/// way to navigate to a screen without passing its dependencies through every screen before it.
///
/// ```swift
/// .navigationDestination(for: Item.self) { item in
///   DependencyProvider { (deps: AppDependency) in
///     ItemDetailView(item: item, database: deps.database)   // what the screen needs, passed in
///   }
/// }
/// ```
///
/// Install the aggregate once, at the root: `RootView().dependency(AppDependency(…))`, or
/// `prepareDependencies { $0.install(AppDependency(…)) }` in the app's initializer.
///
/// The content is built with the subtree's dependency values bound, so models created in it,
/// and ``/Ambient/Dependency`` properties of views initialised in it, capture the values set with
/// ``SwiftUI/View/dependency(_:_:)`` above it. In every context (live, preview, test) an aggregate
/// that was never installed reports an issue naming its type, then shows, in debug builds, a
/// full-screen red view saying "`AppDependency` is not set." and, in release builds, nothing (see
/// ``/Ambient/ProviderFallback``). That is what a preview of the screen before it shows when you
/// navigate: the screen you are not previewing does not need its dependencies.
///
/// The issue is reported once each time the provider appears without an installation, however
/// often SwiftUI evaluates its body; the red view is drawn on every evaluation.
///
/// ## The destination's model
///
/// `content` runs at every evaluation of the body, so a model created inside it is a new model
/// each time and loses its state. Give the model with `model:`: it is built once from the
/// aggregate, inside the subtree's scope, and kept while the provider is in the tree (again only
/// when a different aggregate is installed above):
///
/// ```swift
/// .navigationDestination(for: Item.self) { item in
///   DependencyProvider { (deps: AppDependency) in
///     ItemDetailModel(item: item, database: deps.database)
///   } content: { model in
///     ItemDetailView(model: model)
///   }
/// }
/// ```
@MainActor
public struct DependencyProvider<Aggregate: RequiredDependencyKey, Content: View>: View {
  @Environment(\.dependencyScope) private var scope
  @State private var reporting = ProviderReporting()
  @State private var provided = ProvidedModel<Aggregate>()
  private let build: Build
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// A provider that builds `content` from the installed aggregate.
  ///
  /// - Parameters:
  ///   - fileID: Where the provider is, for the report when nothing was installed.
  ///   - filePath: Where the provider is, for the report.
  ///   - line: Where the provider is, for the report.
  ///   - column: Where the provider is, for the report.
  ///   - content: Builds the screen from the aggregate.
  public init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ViewBuilder content: @escaping (Aggregate) -> Content
  ) {
    build = .content(content)
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// A provider that builds the destination's model from the installed aggregate once, and
  /// `content` from that model at every evaluation.
  ///
  /// - Parameters:
  ///   - fileID: Where the provider is, for the report when nothing was installed.
  ///   - filePath: Where the provider is, for the report.
  ///   - line: Where the provider is, for the report.
  ///   - column: Where the provider is, for the report.
  ///   - model: Builds the model from the aggregate, with the subtree's values bound, so its
  ///     ``/Ambient/Dependency`` properties capture them; it runs once while the provider is in the
  ///     tree, and again only for a different installation.
  ///   - content: Builds the screen from the model.
  public init<Model>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    model: @escaping @MainActor (Aggregate) -> Model,
    @ViewBuilder content: @escaping @MainActor (Model) -> Content
  ) {
    self.init(
      input: nil, fileID: fileID, filePath: filePath, line: line, column: column, model: model, content: content)
  }

  /// A provider that builds the destination's model from the installed aggregate once for each
  /// `id`, and `content` from that model at every evaluation: a new `id` builds a new model.
  ///
  /// Give the input the model is built for as `id` when the same provider can be handed another
  /// one, as a split view's detail column is when the selection changes:
  ///
  /// ```swift
  /// NavigationSplitView {
  ///   List(items, selection: $selection) { item in Text(item.name).tag(item) }
  /// } detail: {
  ///   if let item = selection {
  ///     DependencyProvider(id: item) { (deps: AppDependency) in
  ///       ItemDetailModel(item: item, database: deps.database)
  ///     } content: { model in
  ///       ItemDetailView(model: model)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Without `id`, SwiftUI keeps the provider, and so the model built for the first item, when
  /// only the item changes. `.id(item)` on the provider has the same effect, and also resets
  /// the state of every view below it.
  ///
  /// - Parameters:
  ///   - id: The input the model is built for, such as the item shown; compared with `==`.
  ///   - fileID: Where the provider is, for the report when nothing was installed.
  ///   - filePath: Where the provider is, for the report.
  ///   - line: Where the provider is, for the report.
  ///   - column: Where the provider is, for the report.
  ///   - model: Builds the model from the aggregate, with the subtree's values bound; it runs
  ///     again for a different `id` or a different installation.
  ///   - content: Builds the screen from the model.
  public init<Model, ID: Hashable>(
    id: ID,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    model: @escaping @MainActor (Aggregate) -> Model,
    @ViewBuilder content: @escaping @MainActor (Model) -> Content
  ) {
    self.init(
      input: AnyHashable(id), fileID: fileID, filePath: filePath, line: line, column: column, model: model,
      content: content)
  }

  private init<Model>(
    input: AnyHashable?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    model: @escaping @MainActor (Aggregate) -> Model,
    content: @escaping @MainActor (Model) -> Content
  ) {
    build = .model { provided, required, scope in
      provided.model(from: required, in: scope, id: input, make: model).map { model in
        scope.withValues { content(model) }
      }
    }
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  public var body: some View {
    let required = scope.required(Aggregate.self)
    reporting.evaluated(required, fileID: fileID, filePath: filePath, line: line, column: column)
    return resolved(required)
      .onAppear { reporting.appeared() }
      .onDisappear { reporting.disappeared() }
  }

  @ViewBuilder
  private func resolved(_ required: Required<Aggregate>) -> some View {
    switch built(from: required) {
    case let view?:
      view
    case nil:
      NotSetView(fallback: ProviderFallback(missing: Aggregate.self))
    }
  }

  private func built(from required: Required<Aggregate>) -> Content? {
    switch build {
    case .content(let content):
      required.installedValue.map { aggregate in scope.withValues { content(aggregate) } }
    case .model(let build):
      build(provided, required, scope)
    }
  }

  /// How the content is built: straight from the aggregate, or from a model built once.
  private enum Build {
    case content((Aggregate) -> Content)
    case model(@MainActor (ProvidedModel<Aggregate>, Required<Aggregate>, DependencyScope) -> Content?)
  }
}
#endif
