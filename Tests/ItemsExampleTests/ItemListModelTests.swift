import Ambient
import Foundation
import Testing

@testable import ItemsExample

// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite struct ItemListModelTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func loadsTheInjectedCatalogueAndMarksFavourites() async throws {
    let list = withDependencies { $0.database = .inMemory(favorites: ["2"]) } operation: {
      ItemListModel(apiClient: catalogue())
    }
    try await list.load()
    #expect(list.items == Item.samples)
    #expect(list.items.filter(list.isFavorite).map(\.id) == ["2"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theDetailScreenInheritsTheDatabaseTheListWasCreatedWith() async throws {
    let listDatabase = Database.inMemory(favorites: ["1"])
    let list = withDependencies { $0.database = listDatabase } operation: {
      ItemListModel(apiClient: catalogue())
    }
    try await list.load()
    // Navigating happens later, outside the scope the list was created in.
    let detail = try list.select(id: "1")
    try detail.load()
    #expect(detail.isFavorite)
    #expect(list.detail === detail)
    try detail.toggleFavorite()
    #expect(try listDatabase.favorites() == [])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func selectingAnUnknownItemThrows() async throws {
    let list = withDependencies { $0.database = .inMemory() } operation: {
      ItemListModel(apiClient: catalogue())
    }
    try await list.load()
    #expect(throws: ItemsError.unknownItem("42")) { try list.select(id: "42") }
    #expect(list.detail == nil)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aCatalogueErrorLeavesTheListEmpty() async {
    let list = ItemListModel(apiClient: APIClient(fetchItems: {
      throw ItemsError.catalogueUnreachable(source: "https://example.com", reason: "offline")
    }))
    await #expect(throws: ItemsError.catalogueUnreachable(source: "https://example.com", reason: "offline")) {
      try await list.load()
    }
    #expect(list.items.isEmpty)
  }

  /// What someone sees who writes a list test and forgets that the list reads favourites.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aForgottenOverrideFailsTheTestAndSaysHowToFixIt() async {
    await withKnownIssue {
      let list = ItemListModel(apiClient: catalogue())
      await #expect(throws: UnimplementedFailure.self) { try await list.load() }
    } matching: { issue in
      let lines = issue.comments.map(\.rawValue).joined().components(separatedBy: "\n")
      return lines.first == "Unimplemented: Database.favorites"
        && lines.contains("  Context: test")
        && lines.contains("To fix:")
        && lines.contains { $0.hasPrefix("  • Override it where the code runs, for example withDependencies {") }
        && issue.sourceLocation?.fileName == "Database.swift"
    }
  }
}
