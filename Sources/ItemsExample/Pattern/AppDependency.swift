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
///   $0.install(AppDependency(apiClient: $0.apiClient, database: $0.database))
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
