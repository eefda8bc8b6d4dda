import Testing

@testable import ItemsApp

/// The favourites sheet's model: it lists the loaded items that are favourites and unmarks them
/// in the store the detail screens read.
@Suite(.timeLimit(.minutes(1)))
struct FavoritesModelTests {
  @Test func itListsTheFavouritesAmongTheLoadedItems() {
    let model = FavoritesModel(items: Item.samples, database: .inMemory(favorites: ["3", "1", "9"]))

    #expect(model.favorites.map(\.id) == ["1", "3"])
  }

  @Test func removingOneUnmarksItInTheStore() {
    let database = Database.inMemory(favorites: ["1", "3"])
    let model = FavoritesModel(items: Item.samples, database: database)

    model.remove(Item.samples[0])

    #expect(model.favorites.map(\.id) == ["3"])
    #expect(database.favorites() == ["3"])
    let detail = ItemDetailModel(item: Item.samples[0], database: database, haptics: Haptics(isEnabled: false))
    #expect(!detail.isFavorite)
  }
}
