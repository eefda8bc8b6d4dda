import Observation

/// The favourites sheet's model: the loaded items that are favourites, and a way to unmark one.
/// It takes the list it was opened from and the store it reads, in its initialiser.
@MainActor
@Observable
final class FavoritesModel {
  private(set) var favorites: [Item] = []
  @ObservationIgnored private let items: [Item]
  @ObservationIgnored private let database: Database

  init(items: [Item], database: Database) {
    self.items = items
    self.database = database
    reload()
  }

  /// Unmarks `item`: it leaves the sheet, and the store.
  func remove(_ item: Item) {
    database.setFavorite(item.id, false)
    reload()
  }

  private func reload() {
    let ids = database.favorites()
    favorites = items.filter { ids.contains($0.id) }
  }
}
