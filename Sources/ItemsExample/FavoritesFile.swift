import Ambient
import Foundation

extension Database {
  /// Favourites kept in a JSON file at `url`, through `\.fileSystem`.
  ///
  /// A missing file is an empty store (the first run). A file that cannot be read or decoded
  /// is an error and is never overwritten. A change holds the store's lock from the read to
  /// the save, so concurrent `items` processes never lose each other's changes; see
  /// ``FavoritesFile/update(_:)``.
  static func file(at url: URL) -> Database {
    Database(
      favorites: { try FavoritesFile(url: url).load() },
      setFavorite: { id, isFavorite in
        try FavoritesFile(url: url).update { favorites in
          if isFavorite { favorites.insert(id) } else { favorites.remove(id) }
        }
      }
    )
  }
}

/// The store's file: `{"favorites": ["1", "3"]}`.
///
/// Beside it live its lock file, `.favorites.json.lock`, which is never removed (removing a
/// lock file lets two writers lock two different files), and, only while a save runs, a
/// temporary file `.favorites.json.<random>.items-save`.
struct FavoritesFile {
  let url: URL
  // Captured where the endpoint is called, so the caller's overrides apply.
  @Dependency(\.fileSystem) private var fileSystem

  private struct Contents: Codable {
    var favorites: [Item.ID]
  }

  /// The temporary files' suffix: distinctive, so a leftover is recognised as ours.
  static let temporarySuffix = ".items-save"

  func load() throws -> Set<Item.ID> {
    let data: Data?
    do {
      // No limit: the store is ours, and refusing to read it would lose favourites.
      data = try fileSystem.read(url, nil)
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

  /// Reads the favourites, changes them and saves them, holding the store's lock throughout.
  ///
  /// The save goes to a temporary file in the store's directory, flushed to the disk and then
  /// renamed over the store, so a crash at any point leaves the old store or the new one, never
  /// a mixture. The new file keeps the store's permission bits; when the store is a symbolic
  /// link, its target is replaced and the link stays. Temporary files that a writer killed
  /// mid-save left behind are removed first: while the lock is held, no other save runs.
  func update(_ change: (inout Set<Item.ID>) -> Void) throws {
    let target: URL
    let lock: FileLock
    do {
      target = try fileSystem.resolveLinks(url)
      try fileSystem.createDirectory(target.deletingLastPathComponent())
      lock = try fileSystem.lock(Self.sibling(of: target, named: ".lock"))
    } catch {
      throw ItemsError.storeUnwritable(path: url.path, reason: reason(for: error))
    }
    defer { lock.release() }
    var favorites = try load()
    change(&favorites)
    try save(favorites, to: target)
  }

  private func save(_ favorites: Set<Item.ID>, to target: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(Contents(favorites: favorites.sorted())) + Data("\n".utf8)
    // Same directory as the store, so the rename stays on one file system and is atomic.
    let temporary = Self.sibling(of: target, named: ".\(UUID().uuidString)\(Self.temporarySuffix)")
    do {
      removeLeftovers(beside: target)
      try fileSystem.write(data, temporary, try fileSystem.permissions(target))
      try fileSystem.replace(temporary, target)
    } catch {
      try? fileSystem.remove(temporary)
      throw ItemsError.storeUnwritable(path: url.path, reason: reason(for: error))
    }
  }

  /// Best effort: a leftover that cannot be removed costs disk space, not correctness.
  private func removeLeftovers(beside target: URL) {
    let directory = target.deletingLastPathComponent()
    let names = (try? fileSystem.contents(directory)) ?? []
    for name in names where Self.isLeftover(name, of: target) {
      try? fileSystem.remove(directory.appendingPathComponent(name))
    }
  }

  /// `.favorites.json.<anything>.items-save`, or `.favorites.json.<UUID>.tmp` as earlier
  /// versions of `items` named them; never a name a person would choose.
  static func isLeftover(_ name: String, of target: URL) -> Bool {
    let prefix = ".\(target.lastPathComponent)."
    guard name.hasPrefix(prefix) else { return false }
    if name.hasSuffix(temporarySuffix) { return true }
    let middle = name.dropFirst(prefix.count)
    return middle.hasSuffix(".tmp") && UUID(uuidString: String(middle.dropLast(".tmp".count))) != nil
  }

  /// `.favorites.json<suffix>` in the store's directory: hidden, and named after the store.
  private static func sibling(of target: URL, named suffix: String) -> URL {
    target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent)\(suffix)")
  }
}
