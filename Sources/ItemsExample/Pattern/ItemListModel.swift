import Ambient
import Observation

/// The item list screen: the catalogue, which items are favourites, and the detail screen it
/// has navigated to.
///
/// It takes what it shows in its initialiser, the catalogue's client and the store whose
/// favourites it marks, so whoever shows it (a preview, a test, the app's root) hands them
/// over and the compiler says so. It never takes what the screens it navigates to need: the
/// detail screen is built from the app's ``AppDependency``, resolved when the user navigates,
/// as a SwiftUI navigation destination would build it through `DependencyProvider`.
///
/// ```swift
/// let list = ItemListModel(apiClient: APIClient(fetchItems: { Item.samples }), database: .inMemory())
/// try await list.load()           // a preview or test of the list needs nothing more
/// let detail = try list.select(id: "1")
/// // built from the AppDependency installed where the list was created; without one, Ambient
/// // reports "AppDependency is not set" and select throws NotSetScreen
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var favorites: Set<Item.ID> = []
  private(set) var detail: ItemDetailModel?

  private let apiClient: APIClient
  private let database: Database
  // Captured when the list is created; resolved only when navigating.
  @ObservationIgnored @Dependency(AppDependency.self) private var app

  init(apiClient: APIClient, database: Database) {
    self.apiClient = apiClient
    self.database = database
  }

  /// Fetches the catalogue, then the favourites that mark it.
  func load() async throws {
    items = try await apiClient.fetchItems()
    favorites = try database.favorites()
  }

  func isFavorite(_ item: Item) -> Bool {
    favorites.contains(item.id)
  }

  /// Navigates to the item's detail screen, built from the installed ``AppDependency``.
  ///
  /// - Throws: ``ItemsError/unknownItem(_:)`` when the loaded catalogue has no such item;
  ///   ``NotSetScreen`` (after Ambient reports the missing aggregate by name) when none was
  ///   installed.
  @discardableResult
  func select(id: Item.ID) throws -> ItemDetailModel {
    guard let item = items.first(where: { $0.id == id }) else {
      throw ItemsError.unknownItem(id)
    }
    let detail = try app.resolve { app in
      ItemDetailModel(item: item, database: app.database)
    } fallback: {
      throw NotSetScreen(missing: AppDependency.self)
    }
    self.detail = detail
    return detail
  }
}
