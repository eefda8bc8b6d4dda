import Ambient
import Observation

/// The item list screen: the catalogue, which items are favourites, and the detail screen it
/// has navigated to.
///
/// The list is about the catalogue, so it takes its ``APIClient`` in the initialiser: whoever
/// shows it (a preview, a test, the app's root) hands one over, and the compiler says so. It
/// only marks favourites, so it reads `\.database` through `@Dependency`, captured when the
/// model is created; the detail screen it opens inherits that capture through
/// `withDependencies(from: self)`, so the list never passes a database along by hand.
///
/// ```swift
/// let list = ItemListModel(apiClient: APIClient(fetchItems: { Item.samples }))
/// try await list.load()
/// let detail = try list.select(id: "1")   // reads the database the list was created with
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var favorites: Set<Item.ID> = []
  private(set) var detail: ItemDetailModel?

  private let apiClient: APIClient
  @ObservationIgnored @Dependency(\.database) private var database

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  /// Fetches the catalogue, then the favourites that mark it.
  func load() async throws {
    items = try await apiClient.fetchItems()
    favorites = try database.favorites()
  }

  func isFavorite(_ item: Item) -> Bool {
    favorites.contains(item.id)
  }

  /// Navigates to the item's detail screen.
  ///
  /// - Throws: ``ItemsError/unknownItem(_:)`` when the loaded catalogue has no such item.
  @discardableResult
  func select(id: Item.ID) throws -> ItemDetailModel {
    guard let item = items.first(where: { $0.id == id }) else {
      throw ItemsError.unknownItem(id)
    }
    let detail = withDependencies(from: self) { ItemDetailModel(item: item) }
    self.detail = detail
    return detail
  }
}
