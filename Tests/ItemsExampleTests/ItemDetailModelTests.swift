import Ambient
import Testing

@testable import ItemsExample

// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite struct ItemDetailModelTests {
  private let desk = Item.samples[0]

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func loadsTheFavouriteStateFromItsDatabase() throws {
    let detail = ItemDetailModel(item: desk, database: .inMemory(favorites: [desk.id]))
    #expect(detail.isFavorite == false)
    try detail.load()
    #expect(detail.isFavorite)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func toggleFlipsWhatTheStoreHasNow() throws {
    let database = Database.inMemory()
    let detail = ItemDetailModel(item: desk, database: database)
    try detail.toggleFavorite()
    #expect(detail.isFavorite)
    // Changed behind the model's back: the toggle goes by the store, not the stale state.
    try database.setFavorite(desk.id, false)
    try detail.toggleFavorite()
    #expect(detail.isFavorite)
    #expect(try database.favorites() == [desk.id])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func settingTheCurrentStateWritesNothing() throws {
    let writes = LockIsolated(0)
    let detail = ItemDetailModel(item: desk, database: countingDatabase(favorites: [desk.id], writes: writes))
    try detail.setFavorite(true)
    #expect(writes.value == 0)
    try detail.setFavorite(false)
    #expect(writes.value == 1)
    #expect(detail.isFavorite == false)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aFailedWriteKeepsTheOldState() throws {
    let failure = ItemsError.storeUnwritable(path: "/store.json", reason: "disk full")
    let detail = ItemDetailModel(
      item: desk, database: Database(favorites: { [] }, setFavorite: { _, _ in throw failure }))
    #expect(throws: failure) { try detail.toggleFavorite() }
    #expect(detail.isFavorite == false)
  }
}
