import Ambient
import Observation

/// The item detail screen: one item and whether it is a favourite.
///
/// It takes its database in its initialiser: ``ItemListModel/select(id:)`` hands it the one
/// in the installed ``AppDependency``; a test or a preview of this screen hands it its own.
///
/// ```swift
/// let detail = ItemDetailModel(item: Item.samples[0], database: .inMemory(favorites: ["1"]))
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class ItemDetailModel {
  let item: Item
  private(set) var isFavorite = false

  private let database: Database

  init(item: Item, database: Database) {
    self.item = item
    self.database = database
  }

  /// Reads the item's favourite state from the store.
  func load() throws {
    isFavorite = try database.favorites().contains(item.id)
  }

  /// Flips the favourite state as the store has it now.
  func toggleFavorite() throws {
    try load()
    try write(!isFavorite)
  }

  /// Makes the item a favourite or not; writes only when that changes something.
  func setFavorite(_ isFavorite: Bool) throws {
    try load()
    guard isFavorite != self.isFavorite else { return }
    try write(isFavorite)
  }

  private func write(_ isFavorite: Bool) throws {
    try database.setFavorite(item.id, isFavorite)
    self.isFavorite = isFavorite
  }
}
