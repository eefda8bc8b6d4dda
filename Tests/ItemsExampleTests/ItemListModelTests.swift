import Ambient
import AmbientTestSupport
import Foundation
import Testing

@testable import ItemsExample

// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite(oneMinuteLimit) struct ItemListModelTests {
  /// The list as the root builds it, inside a scope where `app` is installed.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func list(database: Database, installing app: AppDependency) -> ItemListModel {
    withDependencies {
      $0.install(app)
    } operation: {
      ItemListModel(apiClient: catalogue(), database: database)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func loadsTheInjectedCatalogueAndMarksFavourites() async throws {
    // A test (or preview) of the list supplies what its initialiser asks for, nothing more.
    let list = ItemListModel(apiClient: catalogue(), database: .inMemory(favorites: ["2"]))
    try await list.load()
    #expect(list.items == Item.samples)
    #expect(list.items.filter(list.isFavorite).map(\.id) == ["2"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theDetailScreenIsBuiltFromTheInstalledAggregate() async throws {
    let appDatabase = Database.inMemory(favorites: ["1"])
    let list = list(
      database: .inMemory(),
      installing: AppDependency(apiClient: catalogue(), database: appDatabase)
    )
    try await list.load()
    // Navigating happens later, outside the scope the list was created in.
    let detail = try list.select(id: "1")
    try detail.load()
    #expect(detail.isFavorite)
    #expect(list.detail === detail)
    try detail.toggleFavorite()
    #expect(try appDatabase.favorites() == [])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func selectingAnUnknownItemThrows() async throws {
    let list = list(database: .inMemory(), installing: AppDependency(apiClient: catalogue(), database: .inMemory()))
    try await list.load()
    #expect(throws: ItemsError.unknownItem("42")) { try list.select(id: "42") }
    #expect(list.detail == nil)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aCatalogueErrorLeavesTheListEmpty() async {
    let list = ItemListModel(
      apiClient: APIClient(fetchItems: {
        throw ItemsError.catalogueUnreachable(source: "https://example.com", reason: "offline")
      }),
      database: .inMemory()
    )
    await #expect(throws: ItemsError.catalogueUnreachable(source: "https://example.com", reason: "offline")) {
      try await list.load()
    }
    #expect(list.items.isEmpty)
  }

  /// What someone sees who tests (or previews) the list and navigates without installing the
  /// aggregate: a report naming it, then the not-set screen; no detail screen on live values.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func navigatingWithoutTheAggregateReportsItAndShowsTheNotSetScreen() async throws {
    let list = ItemListModel(apiClient: catalogue(), database: .inMemory())
    try await list.load()
    withKnownIssue {
      #expect(throws: NotSetScreen(missing: AppDependency.self)) { try list.select(id: "1") }
    } matching: { issue in
      let lines = issue.comments.map(\.rawValue).joined().components(separatedBy: "\n")
      return lines.first == "AppDependency is not set: it was asked for in the test context, but none was installed."
        && lines.contains("  Required key: AppDependency")
        && lines.contains("To fix:")
        && issue.sourceLocation?.fileName == "ItemListModel.swift"
    }
    #expect(list.detail == nil)
  }
}
