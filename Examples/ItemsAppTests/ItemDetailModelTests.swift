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
    let model = ItemDetailModel(item: desk, database: .inMemory(favorites: ["2"]), haptics: Haptics(isEnabled: false))
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
    let model = ItemDetailModel(item: desk, database: database, haptics: Haptics(isEnabled: false))

    model.toggleFavorite()

    #expect(database.favorites() == [desk.id])
    let reopened = ItemDetailModel(item: desk, database: database, haptics: Haptics(isEnabled: false))
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

  @Test func togglingAsksForFeedbackOnce() {
    let model = ItemDetailModel(item: desk, database: .inMemory(), haptics: Haptics(isEnabled: true))

    model.toggleFavorite()

    #expect(model.haptics.requests == 1)
  }

  @Test func theAppPlaysFeedbackAndPreviewsAndTestsDoNot() {
    #expect(HapticsKey.liveValue.value.isEnabled)
    #expect(!HapticsKey.previewValue.value.isEnabled)
    #expect(!HapticsKey.testValue.value.isEnabled)
    #expect(!AppDependency(apiClient: .preview, database: .preview).haptics.value.isEnabled)
  }
}
