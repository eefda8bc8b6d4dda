import Ambient
import Foundation

/// Fetches the catalogue: what the list screen needs, and takes in its initialiser.
struct APIClient: Sendable {
  var fetchItems: @Sendable () async throws -> [Item]
}

extension APIClient {
  static let live = APIClient(fetchItems: {
    let url = URL(string: "https://example.com/items.json")!
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([Item].self, from: data)
  })
  static let preview = APIClient(fetchItems: { Item.samples })
}

extension APIClient: DependencyKey {
  static let liveValue = APIClient.live
  static let previewValue = APIClient.preview
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
