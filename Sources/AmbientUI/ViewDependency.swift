#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// Reads a dependency in a view, from the values of the view's part of the tree: what
/// ``SwiftUI/View/dependency(_:_:)``, ``SwiftUI/View/dependencies(_:)``, ``WithDependencies`` and
/// ``DependencyProvider`` above it set. The view needs no model, and its body is evaluated again
/// when that part of the tree gets different values.
///
/// ```swift
/// struct FavouriteBadge: View {
///   @ViewDependency(\.database) private var database
///   let item: Item
///
///   var body: some View {
///     Image(systemName: database.isFavourite(item.id) ? "star.fill" : "star")
///   }
/// }
///
/// #Preview {
///   FavouriteBadge(item: .sample)
///     .dependency(\.database, .inMemory(favorites: [Item.sample.id]))
/// }
/// ```
///
/// Values not set in the tree come from the current context's defaults (live, preview or
/// test), as for ``/Ambient/Dependency``, and those captured where the view was initialised.
///
/// - Important: Read it in `body` (or code `body` calls), where SwiftUI has installed the
///   environment; reading it in the view's initialiser sees no tree. To hand a dependency to a
///   model, create the model inside ``DependencyProvider``'s or ``WithDependencies``' content,
///   where ``/Ambient/Dependency`` captures the tree's values.
@MainActor
@propertyWrapper
public struct ViewDependency<Value>: DynamicProperty {
  @Environment(\.dependencyScope) private var scope
  private let dependency: Dependency<Value>

  /// Reads the dependency at a key path, as in `@ViewDependency(\.apiClient)`.
  ///
  /// - Parameters:
  ///   - read: The key path literal of the ``/Ambient/DependencyValues`` property to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public nonisolated init(
    _ read: @escaping @Sendable (DependencyValues) -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    dependency = Dependency(read, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency that `key` identifies, as in `@ViewDependency(AppDependency.self)`.
  ///
  /// - Parameters:
  ///   - key: The dependency key to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public nonisolated init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    dependency = Dependency(key, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's value in this part of the tree.
  public var wrappedValue: Value {
    scope.withValues { dependency.wrappedValue }
  }
}
#endif
