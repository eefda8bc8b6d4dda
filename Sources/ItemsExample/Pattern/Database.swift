import Ambient
import Foundation

/// Where favourites are kept: what the item detail screen needs.
///
/// Live: a JSON file under the user's data directory (see ``StoreLocation``), written
/// atomically. Preview: an in-memory store with one favourite, no disk. Test: every endpoint
/// is `unimplemented`, so a test that forgets to override it fails, naming the endpoint.
///
/// ```swift
/// withDependencies {
///   $0.database = .inMemory(favorites: ["1"])
/// } operation: {
///   ItemDetailModel(item: item)
/// }
/// ```
struct Database: Sendable {
  /// The IDs of the favourite items.
  var favorites: @Sendable () throws -> Set<Item.ID>
  /// Makes the item a favourite, or not.
  var setFavorite: @Sendable (_ id: Item.ID, _ isFavorite: Bool) throws -> Void
}

extension Database: DependencyKey {
  static var liveValue: Database {
    .file(at: StoreLocation.defaultURL(environment: ProcessInfo.processInfo.environment))
  }

  // Computed, so each preview (and each test that asks for preview values) starts afresh.
  static var previewValue: Database { .inMemory(favorites: ["2"]) }

  static let testValue = Database(
    favorites: unimplemented("Database.favorites"),
    setFavorite: unimplemented("Database.setFavorite")
  )

  /// A store that lives in memory as long as the value does.
  static func inMemory(favorites: Set<Item.ID> = []) -> Database {
    let storage = LockIsolated(favorites)
    return Database(
      favorites: { storage.value },
      setFavorite: { id, isFavorite in
        storage.withValue { favorites in
          if isFavorite { favorites.insert(id) } else { favorites.remove(id) }
        }
      }
    )
  }
}

extension DependencyValues {
  /// The favourites store.
  var database: Database {
    get { self[Database.self] }
    set { self[Database.self] = newValue }
  }
}
