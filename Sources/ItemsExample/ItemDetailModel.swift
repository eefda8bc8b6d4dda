import Ambient
import Observation

/// The item detail screen: one item and whether it is a favourite.
///
/// It reads `\.database` through `@Dependency`, captured when it is created: created by
/// ``ItemListModel/select(id:)`` it uses the list's database; created in a test or preview
/// inside `withDependencies { $0.database = … }` it uses that one.
///
/// ```swift
/// let detail = withDependencies {
///   $0.database = .inMemory(favorites: ["1"])
/// } operation: {
///   ItemDetailModel(item: Item.samples[0])
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class ItemDetailModel {
  let item: Item
  private(set) var isFavorite = false

  @ObservationIgnored @Dependency(\.database) private var database

  init(item: Item) {
    self.item = item
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
