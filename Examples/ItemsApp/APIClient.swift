import Ambient

/// Fetches the catalogue: what the list screen needs, and takes in its initialiser.
///
/// The interface, with its preview and test values, is here; the live value, which needs the
/// network, is in `APIClient+Live.swift`, so this file compiles (and its models are tested) on
/// Linux. Conforming in the declaration keeps the client off the main actor in an app target.
struct APIClient: TestDependencyKey {
  var fetchItems: @Sendable () async throws -> [Item]
}

nonisolated extension APIClient {
  /// The sample items, at once: what a preview passes to a screen.
  static let preview = APIClient(fetchItems: { Item.samples })
  static var previewValue: APIClient { .preview }
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

nonisolated extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
