import Ambient
import Foundation

/// Where favourites and notes are kept: what the detail and notes screens need.
struct Database: DependencyKey {
  var favorites: @Sendable () -> Set<Item.ID>
  var setFavorite: @Sendable (_ id: Item.ID, _ isFavorite: Bool) -> Void
  var note: @Sendable (_ id: Item.ID) -> String
  var setNote: @Sendable (_ id: Item.ID, _ text: String) -> Void
}

nonisolated extension Database {
  /// Kept in the user's defaults.
  static let liveValue = Database(
    favorites: { Set(UserDefaults.standard.stringArray(forKey: "favorites") ?? []) },
    setFavorite: { id, isFavorite in
      var favorites = Set(UserDefaults.standard.stringArray(forKey: "favorites") ?? [])
      if isFavorite { favorites.insert(id) } else { favorites.remove(id) }
      UserDefaults.standard.set(favorites.sorted(), forKey: "favorites")
    },
    note: { UserDefaults.standard.string(forKey: "note-\($0)") ?? "" },
    setNote: { UserDefaults.standard.set($1, forKey: "note-\($0)") }
  )

  /// A new in-memory store at each use, with one favourite: what a preview passes to a screen.
  static var preview: Database { .inMemory(favorites: ["2"]) }

  /// The default in previews: a new store each time Ambient builds the default values.
  static var previewValue: Database { .preview }

  static let testValue = Database(
    favorites: unimplemented("Database.favorites", placeholder: []),
    setFavorite: unimplemented("Database.setFavorite"),
    note: unimplemented("Database.note", placeholder: ""),
    setNote: unimplemented("Database.setNote")
  )

  /// Kept in memory for as long as the value lives.
  static func inMemory(favorites: Set<Item.ID> = [], notes: [Item.ID: String] = [:]) -> Database {
    let favorites = LockIsolated(favorites)
    let notes = LockIsolated(notes)
    return Database(
      favorites: { favorites.value },
      setFavorite: { id, isFavorite in
        favorites.withValue { if isFavorite { $0.insert(id) } else { $0.remove(id) } }
      },
      note: { id in notes.value[id] ?? "" },
      setNote: { id, text in notes.withValue { $0[id] = text } }
    )
  }
}

nonisolated extension DependencyValues {
  var database: Database {
    get { self[Database.self] }
    set { self[Database.self] = newValue }
  }
}
