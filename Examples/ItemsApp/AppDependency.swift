import Ambient

/// Everything the screens the app navigates to need, installed once at the root and handed
/// over by `DependencyProvider` (SwiftUI) and `UIDependencyProvider` (UIKit).
///
/// Its properties are `let`: changing a dependency means installing a new aggregate, which gets
/// a new identity, so SwiftUI's environment and UIKit's trait diffing compare it in O(1).
struct AppDependency: RequiredDependencyKey {
  let apiClient: APIClient
  let database: Database
  /// Built on the main actor when a screen first asks for it (`haptics.value`).
  let haptics: MainActorValue<Haptics>
}

nonisolated extension AppDependency {
  /// An aggregate of these clients with silent haptics: what a preview that navigates installs,
  /// as in `#Preview(traits: .dependency(AppDependency(apiClient: .preview, database: .preview)))`.
  init(apiClient: APIClient, database: Database) {
    self.init(apiClient: apiClient, database: database, haptics: MainActorValue { Haptics(isEnabled: false) })
  }

  /// The aggregate of the current context's values: the live clients in the app, the preview
  /// ones in a preview, the test ones (or a test's overrides) in a test. The root builds it once.
  static func current() -> AppDependency {
    @Dependency(\.apiClient) var apiClient
    @Dependency(\.database) var database
    @Dependency(\.haptics) var haptics
    return AppDependency(apiClient: apiClient, database: database, haptics: haptics)
  }
}
