import Ambient
import Foundation

extension Database {
  /// Favourites kept in a JSON file at `url`, through `\.fileSystem`.
  ///
  /// A missing file is an empty store (the first run). A file that cannot be read or decoded
  /// is an error and is never overwritten. Saving writes a temporary file beside the store and
  /// renames it over the store, so a failed save leaves the previous store whole.
  static func file(at url: URL) -> Database {
    Database(
      favorites: { try FavoritesFile(url: url).load() },
      setFavorite: { id, isFavorite in
        let file = FavoritesFile(url: url)
        var favorites = try file.load()
        if isFavorite { favorites.insert(id) } else { favorites.remove(id) }
        try file.save(favorites)
      }
    )
  }
}

/// The store's file: `{"favorites": ["1", "3"]}`.
struct FavoritesFile {
  let url: URL
  // Captured where the endpoint is called, so the caller's overrides apply.
  @Dependency(\.fileSystem) private var fileSystem

  private struct Contents: Codable {
    var favorites: [Item.ID]
  }

  func load() throws -> Set<Item.ID> {
    let data: Data?
    do {
      data = try fileSystem.read(url)
    } catch {
      throw ItemsError.storeUnreadable(path: url.path, reason: reason(for: error))
    }
    guard let data else { return [] }
    do {
      return Set(try JSONDecoder().decode(Contents.self, from: data).favorites)
    } catch {
      throw ItemsError.storeMalformed(path: url.path, reason: reason(for: error))
    }
  }

  func save(_ favorites: Set<Item.ID>) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(Contents(favorites: favorites.sorted())) + Data("\n".utf8)
    let directory = url.deletingLastPathComponent()
    // Same directory as the store, so the rename stays on one file system and is atomic.
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try fileSystem.createDirectory(directory)
      try fileSystem.write(data, temporary)
      try fileSystem.replace(temporary, url)
    } catch {
      try? fileSystem.remove(temporary)
      throw ItemsError.storeUnwritable(path: url.path, reason: reason(for: error))
    }
  }
}
