import Ambient

/// The app-wide aggregate of dependencies: what every screen reached by navigating is built
/// from, so no screen passes another screen's dependencies along.
///
/// The entry point (``CommandRunner``) builds it once from the API client and database the
/// command line chose, and installs it; the root builds the list from it, and the list builds
/// the detail screen from it through `resolve`, as a SwiftUI navigation destination would
/// through `DependencyProvider`:
///
/// ```swift
/// withDependencies {
///   $0.install(AppDependency.fromValuesInScope())
/// } operation: {
///   …
/// }
/// ```
///
/// A required key has no live, preview or test value: when nothing was installed, `resolve`
/// reports it by name and takes the fallback, and `items` shows its "not set" screen
/// (``NotSetScreen``) instead of quietly using a live client.
struct AppDependency: RequiredDependencyKey {
  let apiClient: APIClient
  let database: Database
}

extension AppDependency {
  /// The aggregate of the API client and database in scope.
  ///
  /// Read through `@Dependency` outside `withDependencies`' closure that changes values, so a
  /// dependency trace (`items --dependency-graph`) shows both: a trace takes a read in that
  /// closure for a change, not a use, and skips it.
  static func fromValuesInScope() -> AppDependency {
    @Dependency(\.apiClient) var apiClient
    @Dependency(\.database) var database
    return AppDependency(apiClient: apiClient, database: database)
  }
}
