// The "Using it" example of README.md, compiled in a main-actor app target. The example's own
// lines are as printed there; `Item` and the URLSession helper stand in for what it leaves to
// the reader, declared as the "Main-actor app targets" article says.
import Ambient
import Foundation
import Observation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

nonisolated struct Item: Equatable, Sendable {
  var name: String
  static let mock = Item(name: "mock")
  static let samples = [Item(name: "sample")]
}

extension URLSession {
  nonisolated func items() async throws -> [Item] { [] }
}

// Conforming in the declaration keeps the client off the main actor in Xcode 26 app targets.
struct APIClient: DependencyKey {
  var fetchItems: @Sendable () async throws -> [Item]
}

extension APIClient {
  static let liveValue = APIClient(fetchItems: { try await URLSession.shared.items() })
  static let previewValue = APIClient(fetchItems: { Item.samples })
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

nonisolated extension DependencyValues {  // read from any thread
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ItemListModel {
  @ObservationIgnored @Dependency(\.apiClient) var apiClient
  var items: [Item] = []
  func load() async throws { items = try await apiClient.fetchItems() }
}
