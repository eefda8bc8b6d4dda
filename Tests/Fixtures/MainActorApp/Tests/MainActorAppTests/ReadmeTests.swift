import Ambient
import AmbientTesting
import Testing

@testable import MainActorApp

// The README's test, in a main-actor test target: the test runs on the main actor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Test(.dependency(\.apiClient.fetchItems, { [.mock] }))
func loadsItems() async throws {
  let model = ItemListModel()
  try await model.load()
  #expect(model.items == [.mock])
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Test func overridesOneEndpointInAScope() async throws {
  let model = withDependencies {
    $0.apiClient.fetchItems = { [.mock, .mock] }
  } operation: {
    ItemListModel()
  }
  try await model.load()
  #expect(model.items == [.mock, .mock])
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Test func aForgottenOverrideFailsTheTestByName() async {
  let model = ItemListModel()
  await withKnownIssue {
    _ = try? await model.load()
  } matching: { issue in
    issue.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true
  }
}

@Test func readsOffTheMainActorToo() async throws {
  let items = try await withDependencies {
    $0.apiClient.fetchItems = { [.mock] }
  } operation: {
    try await withEscapedDependencies { dependencies in
      try await Task.detached {
        try await dependencies.yield {
          @Dependency(\.apiClient) var apiClient
          return apiClient
        }.fetchItems()
      }.value
    }
  }
  #expect(items == [.mock])
}
