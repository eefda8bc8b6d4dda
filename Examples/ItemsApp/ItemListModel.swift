import Foundation
import Observation

/// The list screen's model: it needs the catalogue and nothing for the screens after it.
@available(iOS 17.0, *)
@MainActor
@Observable
final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var failure: String?
  private(set) var isLoaded = false
  @ObservationIgnored private let apiClient: APIClient

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  /// Loads the list the first time the screen appears. Coming back from a detail screen shows
  /// the list already loaded instead of fetching it again; pull to refresh calls `load()`.
  func appeared() async {
    guard !isLoaded else { return }
    await load()
  }

  /// Fetches the list. A failure is shown until a later load succeeds. A cancelled load (the
  /// screen went away, SwiftUI cancelled its `.task`) is no failure: nothing changes, and the
  /// next appearance loads again.
  func load() async {
    do {
      items = try await apiClient.fetchItems()
      failure = nil
      isLoaded = true
    } catch {
      // URLSession reports a cancelled request as URLError.cancelled, not CancellationError.
      guard !(error is CancellationError || Task.isCancelled) else { return }
      failure = error.localizedDescription
    }
  }
}
