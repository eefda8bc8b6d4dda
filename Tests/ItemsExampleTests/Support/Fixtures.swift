import Ambient
import Foundation

@testable import ItemsExample

/// A catalogue client that returns `items`, as a test's override.
func catalogue(_ items: [Item] = Item.samples) -> APIClient {
  APIClient(fetchItems: { items })
}

/// `items` as JSON, as a catalogue file or server would send it.
func catalogueJSON(_ items: [Item] = Item.samples) throws -> Data {
  try JSONEncoder().encode(items)
}

/// A database that counts its writes, for tests that care whether the store was touched.
func countingDatabase(favorites: Set<Item.ID> = [], writes: LockIsolated<Int>) -> Database {
  let inner = Database.inMemory(favorites: favorites)
  return Database(
    favorites: inner.favorites,
    setFavorite: { id, isFavorite in
      writes.withValue { $0 += 1 }
      try inner.setFavorite(id, isFavorite)
    }
  )
}

/// One run of each command that reaches a screen: the list, the detail, a toggle and a set.
let screenCommands: [[String]] = [[], ["show", "2"], ["favorite", "1"], ["favorite", "3", "off"]]
