import Foundation
import Observation

/// The list screen's model: it needs the catalogue and nothing for the screens after it.
///
/// It says what the screen shows: the items, whether a load is under way, and the last load's
/// failure. The screen decides how: a failure with nothing loaded fills the screen, a failure
/// after items were loaded keeps them and says so beside them.
@MainActor
@Observable
final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var failure: String?
  private(set) var isLoaded = false
  private var loadsUnderWay = 0
  @ObservationIgnored private let apiClient: APIClient

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  /// Whether a load is under way (the first one, a refresh or a retry).
  var isLoading: Bool { loadsUnderWay > 0 }

  /// Loads the list the first time the screen appears. Coming back from a detail screen shows
  /// the list already loaded instead of fetching it again; pull to refresh calls `load()`.
  func appeared() async {
    guard !isLoaded else { return }
    await load()
  }

  /// Fetches the list: at first appearance, on pull to refresh and on "Try Again". A failure is
  /// shown until a later load succeeds, and the items loaded before it stay. A cancelled load
  /// (the screen went away, SwiftUI cancelled its `.task`) is no failure: nothing changes, and
  /// the next appearance loads again.
  func load() async {
    loadsUnderWay += 1
    defer { loadsUnderWay -= 1 }
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
