import Ambient
import Foundation

/// The states a UI test launches the app into, chosen by name: `AMBIENT_PROFILE` in
/// `launchEnvironment` (several separated by commas, applied in order), or `-AmbientProfile NAME`
/// in `launchArguments`. `ItemsApp.init` prepares them first, before anything reads a
/// dependency, so each changes only what it names and every other dependency keeps its live
/// value (its preview value under `AMBIENT_CONTEXT=preview`).
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments += ["-AmbientProfile", "empty-catalogue"]
/// app.launch()
/// ```
nonisolated extension LaunchProfile {
  /// A catalogue with no items: the list's empty state.
  static let emptyCatalogue = LaunchProfile("empty-catalogue") {
    $0.apiClient = APIClient(fetchItems: { [] })
  }

  /// Loading the catalogue fails as it does on a device without a network.
  static let offline = LaunchProfile("offline") {
    $0.apiClient = APIClient(fetchItems: { throw URLError(.notConnectedToInternet) })
  }
}
