import Ambient
import Foundation
import Testing

@testable import ItemsApp

/// The list screen's model, as the example app builds it: loading, failing, being cancelled,
/// and not fetching again when the screen reappears.
@Suite(.timeLimit(.minutes(1)))
struct ItemListModelTests {
  struct ServerDown: LocalizedError {
    var errorDescription: String? { "The server is down." }
  }

  /// A catalogue that fails while `isDown` says so, and returns the samples otherwise.
  private func server(isDown: LockIsolated<Bool>) -> APIClient {
    APIClient(fetchItems: {
      if isDown.value { throw ServerDown() }
      return Item.samples
    })
  }

  @Test func loadingShowsTheItems() async {
    let model = ItemListModel(apiClient: APIClient(fetchItems: { Item.samples }))

    await model.appeared()

    #expect(model.items == Item.samples)
    #expect(model.failure == nil)
  }

  @Test func aFailureIsShownUntilALaterLoadSucceeds() async {
    let isDown = LockIsolated(true)
    let model = ItemListModel(apiClient: server(isDown: isDown))

    await model.appeared()
    #expect(model.failure == "The server is down.")
    #expect(model.items.isEmpty)

    isDown.setValue(false)
    await model.load()
    #expect(model.failure == nil)
    #expect(model.items == Item.samples)
  }

  @Test func aFailedRefreshKeepsTheItemsItHad() async {
    let isDown = LockIsolated(false)
    let model = ItemListModel(apiClient: server(isDown: isDown))
    await model.appeared()

    isDown.setValue(true)
    await model.load()

    #expect(model.items == Item.samples, "a failed refresh emptied the list")
    #expect(model.failure == "The server is down.")
  }

  @Test func theScreenKnowsALoadIsUnderWayUntilItEnds() async {
    let (requests, request) = AsyncStream.makeStream(of: Void.self)
    let (answers, answer) = AsyncStream.makeStream(of: [Item].self)
    let model = ItemListModel(
      apiClient: APIClient(fetchItems: {
        request.yield()
        for await items in answers { return items }
        throw CancellationError()
      }))
    #expect(!model.isLoading)

    let loading = Task { await model.appeared() }
    for await _ in requests { break }
    #expect(model.isLoading)
    #expect(model.items.isEmpty)

    answer.yield(Item.samples)
    await loading.value
    #expect(!model.isLoading)
    #expect(model.items == Item.samples)
  }

  @Test func aCancelledLoadIsNoFailureAndTheNextAppearanceLoads() async {
    let fetches = LockIsolated(0)
    let model = ItemListModel(
      apiClient: APIClient(fetchItems: {
        fetches.withValue { $0 += 1 }
        if fetches.value == 1 {
          // Waits until the load is cancelled, as a request does when the screen goes away.
          try await Task.sleep(nanoseconds: 3_600_000_000_000)
        }
        return Item.samples
      }))

    let loading = Task { await model.appeared() }
    loading.cancel()
    await loading.value
    #expect(model.failure == nil)
    #expect(model.items.isEmpty)

    await model.appeared()
    #expect(model.items == Item.samples)
    #expect(fetches.value == 2)
  }

  @Test func aRequestThatFailsBecauseItWasCancelledIsNoFailure() async {
    // URLSession reports a cancelled request as URLError.cancelled, not CancellationError.
    struct RequestCancelled: Error {}
    let model = ItemListModel(
      apiClient: APIClient(fetchItems: {
        try? await Task.sleep(nanoseconds: 3_600_000_000_000)
        throw RequestCancelled()
      }))

    let loading = Task { await model.appeared() }
    loading.cancel()
    await loading.value

    #expect(model.failure == nil)
  }

  @Test func comingBackToTheListDoesNotFetchItAgain() async {
    let fetches = LockIsolated(0)
    let model = ItemListModel(
      apiClient: APIClient(fetchItems: {
        fetches.withValue { $0 += 1 }
        return Item.samples
      }))

    await model.appeared()
    await model.appeared()  // back from a detail screen

    #expect(fetches.value == 1)
    #expect(model.items == Item.samples)
  }
}
