import Observation

/// The detail screen's model: it takes the store and the haptics it uses in its initialiser.
@available(iOS 17.0, *)
@MainActor
@Observable
final class ItemDetailModel {
  let item: Item
  private(set) var isFavorite: Bool
  @ObservationIgnored private let database: Database
  @ObservationIgnored private let haptics: Haptics

  init(item: Item, database: Database, haptics: Haptics) {
    self.item = item
    self.database = database
    self.haptics = haptics
    isFavorite = database.favorites().contains(item.id)
  }

  func toggleFavorite() {
    isFavorite.toggle()
    database.setFavorite(item.id, isFavorite)
    haptics.favoriteToggled()
  }
}
