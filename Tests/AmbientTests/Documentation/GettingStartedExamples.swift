// Mirrors the examples of Ambient.docc/Articles/GettingStarted.md.
// Exempt: the Package.swift snippet (a manifest, not library code).
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Observation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum GettingStartedExamples {
  struct Item: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item]
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor @Observable final class ItemListModel {
    @ObservationIgnored @Dependency(\.apiClient) var apiClient
    var items: [Item] = []

    func load() async throws {
      items = try await apiClient.fetchItems()
    }
  }
}

nonisolated extension GettingStartedExamples.APIClient {
  static let liveValue = GettingStartedExamples.APIClient(fetchItems: { try await fetchLiveItems() })
  static let previewValue = GettingStartedExamples.APIClient(fetchItems: {
    [GettingStartedExamples.Item(id: 1, name: "Kettle"), GettingStartedExamples.Item(id: 2, name: "Teapot")]
  })
  static let testValue = GettingStartedExamples.APIClient(fetchItems: unimplemented("APIClient.fetchItems"))

  @concurrent private static func fetchLiveItems() async throws -> [GettingStartedExamples.Item] {
    let url = URL(string: "https://example.com/items.json")!
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([GettingStartedExamples.Item].self, from: data)
  }
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: GettingStartedExamples.APIClient {
    get { self[GettingStartedExamples.APIClient.self] }
    set { self[GettingStartedExamples.APIClient.self] = newValue }
  }
}

@Suite(oneMinuteLimit) struct GettingStartedExamplesTests {
  typealias Item = GettingStartedExamples.Item

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Test(.dependency(\.apiClient.fetchItems, { [Item(id: 1, name: "Kettle")] }))
  func loadsItems() async throws {
    let model = GettingStartedExamples.ItemListModel()
    try await model.load()
    #expect(model.items == [Item(id: 1, name: "Kettle")])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Test func forgettingTheOverrideFailsWithTheQuotedMessage() async {
    let model = GettingStartedExamples.ItemListModel()
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure.self) { try await model.load() }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Unimplemented: APIClient.fetchItems

          Context: test

        This endpoint has no implementation in this context, so calling it is a mistake the test should see.

        To fix:
          • Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait.
        """
      ]
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Test func aPreviewReadsThePreviewClient() async throws {
    let model = withDependencies {
      $0.context = .preview
    } operation: {
      GettingStartedExamples.ItemListModel()
    }
    try await model.load()
    #expect(model.items.map(\.name) == ["Kettle", "Teapot"])
  }
}
