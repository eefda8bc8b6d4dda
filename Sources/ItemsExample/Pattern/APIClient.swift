import Ambient
import Foundation

/// Fetches the catalogue: what the item list screen needs, and takes in its initialiser.
///
/// Live: the catalogue shipped with the app (see ``CatalogueSource``); the runner switches to
/// `ITEMS_API_URL` when it is set. Preview: ``Item/samples``, no file or network. Test:
/// `unimplemented`, so a test that forgets to give one fails, naming `APIClient.fetchItems`.
///
/// ```swift
/// let model = ItemListModel(apiClient: APIClient(fetchItems: { Item.samples }))
/// ```
struct APIClient: Sendable {
  /// The whole catalogue, in display order.
  var fetchItems: @Sendable () async throws -> [Item]
}

extension APIClient: DependencyKey {
  static var liveValue: APIClient { .live(from: .bundled) }
  static let previewValue = APIClient(fetchItems: { Item.samples })
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

extension DependencyValues {
  /// The catalogue client.
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
