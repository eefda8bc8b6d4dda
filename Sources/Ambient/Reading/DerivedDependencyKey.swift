/// A key whose default value follows the dependencies it is built from: in a scope that
/// overrides one of them, reading the key gives a default built again from the overridden values,
/// once for that scope.
///
/// A live client is often built from other dependencies, and built once:
///
/// ```swift
/// struct APIClient: DependencyKey, DerivedDependencyKey {
///   var fetchItems: @Sendable () async throws -> [Item]
/// }
/// nonisolated extension APIClient {
///   static var liveValue: APIClient {
///     @Dependency(\.baseURL) var baseURL
///     return APIClient(fetchItems: { try await URLSession.shared.items(at: baseURL) })
///   }
/// }
/// ```
///
/// Without `DerivedDependencyKey`, a test or preview that overrides `\.baseURL` still gets the
/// client built with the live URL, unless it overrides the client too. With it, the client read
/// in that scope is built again, once, with the scope's `baseURL`:
///
/// ```swift
/// withDependencies {
///   $0.baseURL = URL(string: "http://localhost:8080")!
/// } operation: {
///   ItemListModel()  // its apiClient talks to localhost
/// }
/// ```
///
/// - The dependencies a default is built from are the ones its build reads, recorded when the
///   shared default is built (and whenever a scope builds it again). A `@Dependency` the build
///   declares counts as read: it is read once where it is declared, so a closure that reads it
///   only later, as `fetchItems` above does, still follows it. A scope that overrides none of
///   them reads the shared default, at the cost of any other default.
/// - Models keep the default of the scope they were created in, as they keep its overrides;
///   child tasks read their scope's; a nested scope that overrides another input builds its own.
/// - What a scope built is freed with the scope: when nothing refers to its overrides any more.
/// - A scope that overrides the key itself reads its override, as always.
/// - Values set by `prepareDependencies` are not rebuilt: they are what you chose.
/// - A reset forgets the shared default; a default built for a scope lives as long as the scope.
///
/// A key without it behaves as swift-dependencies' do: its default is built once per context
/// (per test, in tests) from the values in scope at its first read, and shared.
public protocol DerivedDependencyKey: TestDependencyKey {}

extension DerivedDependencyKey {
  /// `true`: see ``DerivedDependencyKey``.
  @inlinable public static var _derivesDefault: Bool { true }
}
