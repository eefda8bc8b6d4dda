#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// Builds views with changed dependencies: models they create and `@Dependency` properties of
/// views initialised in `content` capture them, and the subtree's environment carries them.
/// Use it to give one `#Preview` its own values.
///
/// ```swift
/// #Preview("Empty list") {
///   WithDependencies {
///     $0.apiClient.fetchItems = { [] }
///   } content: {
///     ItemListView(model: ItemListModel())
///   }
/// }
/// ```
///
/// The values live in that preview's view tree and in the models created in it, never in the
/// process: other previews in the same file keep their own values. (`prepareDependencies`, by
/// contrast, changes the defaults for every preview the process renders.)
///
/// - Important: `@Dependency` captures values when its owner is initialised. SwiftUI gives a
///   property wrapper no way to read the environment later without a stored `@Environment`
///   inside it, which `Ambient`'s `Dependency` cannot hold without depending on SwiftUI; so
///   views see subtree values through `content` here, ``DependencyProvider``'s content, or
///   `@Environment(\.dependencyScope)`, not by reading the environment at each update.
public struct WithDependencies<Content: View>: View {
  @Environment(\.dependencyScope) private var scope
  private let update: (inout DependencyValues) -> Void
  private let content: () -> Content

  /// Builds `content` with `update`'s changes over the values above it.
  ///
  /// - Parameters:
  ///   - update: Changes the values, as in `withDependencies`; none by default.
  ///   - content: Builds the views (and their models) that get the values.
  public init(
    _ update: @escaping (inout DependencyValues) -> Void = { _ in },
    @ViewBuilder content: @escaping () -> Content
  ) {
    self.update = update
    self.content = content
  }

  public var body: some View {
    let subtree = scope.updating(update)
    return subtree.withValues(content).environment(\.dependencyScope, subtree)
  }
}
#endif
