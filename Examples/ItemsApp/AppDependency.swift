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

extension AppDependency {
  static let live = AppDependency(apiClient: .live, database: .live, haptics: MainActorValue { Haptics() })
}
