import Ambient
import AmbientTesting
import Observation
import Testing

@testable import ItemsApp

/// The detail screen's model: the star and the count follow the database it writes, and
/// Observation tells the view when they change.
@Suite(.timeLimit(.minutes(1)))
struct ItemDetailModelTests {
  private let desk = Item.samples[0]

  @Test func theFavouriteCountStaysRightAfterToggling() {
    let model = ItemDetailModel(item: desk, database: .inMemory(favorites: ["2"]), haptics: Haptics(impact: {}))
    #expect(model.favoriteCount == 1)
    let countChanged = LockIsolated(false)
    withObservationTracking {
      _ = model.favoriteCount
    } onChange: {
      countChanged.setValue(true)
    }

    model.toggleFavorite()

    #expect(countChanged.value, "the view showing the count is not told it changed")
    #expect(model.isFavorite)
    #expect(model.favoriteCount == 2)

    model.toggleFavorite()
    #expect(!model.isFavorite)
    #expect(model.favoriteCount == 1)
  }

  @Test func theDetailModelReadsTheDatabaseItWrites() {
    let database = Database.inMemory()
    let model = ItemDetailModel(item: desk, database: database, haptics: Haptics(impact: {}))

    model.toggleFavorite()

    #expect(database.favorites() == [desk.id])
    let reopened = ItemDetailModel(item: desk, database: database, haptics: Haptics(impact: {}))
    #expect(reopened.isFavorite)
    #expect(reopened.favoriteCount == 1)
  }

  @Test(.dependency(\.database, .inMemory(favorites: ["3"])))
  func theAggregateHandsTheDetailScreenTheTestsDatabase() {
    let app = AppDependency.current()
    let model = ItemDetailModel(item: desk, database: app.database, haptics: app.haptics.value)

    model.toggleFavorite()

    @Dependency(\.database) var database
    #expect(database.favorites() == ["1", "3"])
    #expect(model.favoriteCount == 2)
  }

  @Test func togglingTapsTheHapticsOnce() {
    let taps = LockIsolated(0)
    let model = ItemDetailModel(
      item: desk, database: .inMemory(), haptics: Haptics(impact: { taps.withValue { $0 += 1 } }))

    model.toggleFavorite()

    #expect(taps.value == 1)
  }
}
