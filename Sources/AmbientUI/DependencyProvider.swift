#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// Builds a screen from the app's aggregate of dependencies, handed over non-optionally: the
/// way to navigate to a screen without passing its dependencies through every screen before it.
///
/// ```swift
/// .navigationDestination(for: Item.self) { item in
///   DependencyProvider { (deps: AppDependency) in
///     ItemDetailView(item: item, database: deps.database)
///   }
/// }
/// ```
///
/// Install the aggregate once, at the root: `RootView().dependency(AppDependency(…))`, or
/// `prepareDependencies { $0.install(AppDependency(…)) }` in the app's initializer.
///
/// The content is built with the subtree's dependency values bound, so models created in it,
/// and `@Dependency` properties of views initialised in it, capture the values set with
/// `.dependency(…)` above it. In every context (live, preview, test) an aggregate that was never
/// installed reports an issue naming its type, then shows, in debug builds, a full-screen red
/// view saying "`AppDependency` is not set." and, in release builds, nothing
/// (see ``ProviderFallback``). That is what a preview of the screen before it shows when you
/// navigate: the screen you are not previewing does not need its dependencies.
///
/// The issue is reported once each time the provider appears without an installation, however
/// often SwiftUI evaluates its body; the red view is drawn on every evaluation.
public struct DependencyProvider<Aggregate: RequiredDependencyKey, Content: View>: View {
  @Environment(\.dependencyScope) private var scope
  @State private var reporting = ProviderReporting()
  private let content: (Aggregate) -> Content
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
    self.content = content
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
    switch required.installedValue.map({ aggregate in scope.withValues { content(aggregate) } }) {
    case let view?:
      view
    case nil:
      NotSetView(fallback: ProviderFallback(missing: Aggregate.self))
    }
  }
}
#endif
