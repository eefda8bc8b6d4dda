// The app's dependencies, aggregate and models (see ../run.sh: the files of Usage/ are one
// module, a user's app using every public AmbientUI API at the package's deployment target,
// iOS 13). Views are `@MainActor`, as the iOS 18 SDK makes every `View`; on the 17.4 SDK a
// Swift 6 app says so itself to build its main-actor models in `body`.
import Ambient
import Combine
import SwiftUI

// MARK: - Dependencies

struct Item: Identifiable, Hashable, Sendable {
  var id: String
  var name: String
}

nonisolated extension Item {
  static let samples = [Item(id: "1", name: "Oak desk"), Item(id: "2", name: "Reading lamp")]
}

struct APIClient: Sendable {
  var fetchItems: @Sendable () async throws -> [Item]
}

nonisolated extension APIClient: DependencyKey {
  static let live = APIClient(fetchItems: { [] })
  static let mock = APIClient(fetchItems: { Item.samples })
  static let liveValue = APIClient.live
  static let previewValue = APIClient.mock
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

struct Database: Sendable {
  var isFavourite: @Sendable (Item.ID) -> Bool
}

nonisolated extension Database: DependencyKey {
  static let live = Database(isFavourite: { _ in false })
  static func inMemory(favorites: Set<Item.ID>) -> Database { Database(isFavourite: { favorites.contains($0) }) }
  static let liveValue = Database.live
  static let previewValue = Database.inMemory(favorites: ["2"])
}

/// A type that is its own key, for `.dependency(_:)` by value.
struct Theme: DependencyKey, Sendable {
  var accent: Color
}

nonisolated extension Theme {
  static let liveValue = Theme(accent: .blue)
}

nonisolated extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
  var database: Database {
    get { self[Database.self] }
    set { self[Database.self] = newValue }
  }
  var theme: Theme {
    get { self[Theme.self] }
    set { self[Theme.self] = newValue }
  }
}

/// The app-wide aggregate, installed once at the root.
struct AppDependency: RequiredDependencyKey {
  let apiClient: APIClient
  let database: Database
}

// MARK: - Models

@MainActor
final class ItemListModel: ObservableObject {
  @Published private(set) var items: [Item] = []
  private let apiClient: APIClient

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  func load() async {
    items = (try? await apiClient.fetchItems()) ?? []
  }
}

@MainActor
final class ItemDetailModel: ObservableObject {
  let item: Item
  let database: Database
  @Dependency(\.apiClient) var apiClient

  init(item: Item, database: Database) {
    self.item = item
    self.database = database
  }

  var isFavourite: Bool { database.isFavourite(item.id) }
}
