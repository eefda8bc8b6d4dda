import Observation

/// The detail screen's model: it takes the store and the haptics it uses in its initialiser.
///
/// The favourites are read from the database into a stored property, so Observation sees every
/// change: the star and the count update together when the item is toggled. The database stays
/// the one source: after each write the model reads back what the database holds.
@MainActor
@Observable
final class ItemDetailModel {
  let item: Item
  /// The feedback the screen plays when the model asks for it.
  let haptics: Haptics
  private(set) var favorites: Set<Item.ID>
  @ObservationIgnored private let database: Database

  init(item: Item, database: Database, haptics: Haptics) {
    self.item = item
    self.database = database
    self.haptics = haptics
    favorites = database.favorites()
  }

  /// Whether this item is a favourite.
  var isFavorite: Bool { favorites.contains(item.id) }

  /// How many items are favourites.
  var favoriteCount: Int { favorites.count }

  func toggleFavorite() {
    database.setFavorite(item.id, !isFavorite)
    favorites = database.favorites()
    haptics.favoriteToggled()
  }
}
