/// A dependency with no default value: it must be installed, usually once at the app's root,
/// before anything asks for it. The app-wide aggregate of dependencies is the typical one.
///
/// ```swift
/// struct AppDependency: RequiredDependencyKey {
///   let apiClient: APIClient
///   let database: Database
/// }
///
/// // The app's entry point installs it once:
/// prepareDependencies { $0.install(AppDependency(apiClient: .live, database: .live)) }
///
/// // Code that builds a screen asks for it and gets it non-optionally:
/// @Dependency(AppDependency.self) var app
/// let detail = app.resolve { ItemDetailModel(item: item, database: $0.database) } fallback: { nil }
/// ```
///
/// Reading the key gives a ``Required`` value, installed or not; nothing is built in its
/// place, in any context:
/// - live, preview and test: a key that was never installed reads as "not installed", and
///   ``Required/resolve(_:fallback:fileID:filePath:line:column:)`` reports an issue (failing the
///   running test) naming the type, the context and how to install it, then calls the fallback.
///
/// Override it in a test like any dependency:
///
/// ```swift
/// withDependencies { $0.install(AppDependency(apiClient: .mock, database: .inMemory)) } operation: {
///   ItemListModel()
/// }
/// ```
///
/// Conforming needs no code: the conformance supplies the "not installed" value of every context.
///
/// - Important: Do not declare a `liveValue`, `previewValue` or `testValue` on a required key:
///   the point of one is that there is none, so that forgetting to install it is loud instead
///   of silently using a live value.
public protocol RequiredDependencyKey: DependencyKey, Sendable where Value == Required<Self> {}

extension RequiredDependencyKey {
  /// Not installed: a required dependency has no live value.
  public static var liveValue: Required<Self> { .missing(in: .live) }

  /// Not installed: a required dependency has no preview value.
  public static var previewValue: Required<Self> { .missing(in: .preview) }

  /// Not installed: a required dependency has no test value. Unlike an ordinary
  /// ``DependencyKey``, reading it reports nothing until someone resolves it.
  public static var testValue: Required<Self> { .missing(in: .test) }
}

extension DependencyValues {
  /// Installs `value` as the required dependency of its type, with a new identity.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.install(AppDependency(apiClient: .mock, database: .inMemory))
  /// } operation: {
  ///   ItemListModel()
  /// }
  /// ```
  ///
  /// Installing again (even the same value) gives a new identity, so that whatever compares
  /// installations (SwiftUI's environment, UIKit's trait diffing) sees the change.
  ///
  /// - Parameter value: The dependency to install.
  public mutating func install<Key: RequiredDependencyKey>(_ value: Key) {
    self[Key.self] = Required(value)
  }
}
