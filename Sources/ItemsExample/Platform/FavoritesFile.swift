import Ambient
import Foundation

extension Database {
  /// Favourites kept in a JSON file at `url`, through `\.fileSystem`.
  ///
  /// A missing file is an empty store (the first run). A file that cannot be read or decoded
  /// is an error and is never overwritten. A change holds the store's lock from the read to
  /// the save, so concurrent `items` processes never lose each other's changes; see
  /// ``FavoritesFile/update(_:)``. A read also removes what an interrupted save left.
  static func file(at url: URL) -> Database {
    Database(
      favorites: {
        let file = FavoritesFile(url: url)
        let favorites = try file.load()
        file.removeInterruptedSaves()
        return favorites
      },
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
/// temporary file `.favorites.json.<random>.items-save`. When such a name would be longer than
/// a file system allows, the store's name in it is replaced by a digest of the name, so any
/// store that can be read can be saved.
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
      lock = try fileSystem.lock(Self.lockFile(of: target))
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
    // The top bit set: always eight hexadecimal digits, so the name's length is known.
    let random = String(UInt32.random(in: .min ... .max) | 1 << 31, radix: 16)
    let temporary = Self.sibling(of: target, named: ".\(random)\(Self.temporarySuffix)")
    do {
      removeLeftovers(beside: target)
      try fileSystem.write(data, temporary, try fileSystem.attributes(target))
      try fileSystem.replace(temporary, target)
    } catch {
      try? fileSystem.remove(temporary)
      throw ItemsError.storeUnwritable(path: url.path, reason: reason(for: error))
    }
  }

  /// Removes the temporary files of saves that were killed before their rename, if no save is
  /// running: best effort, like ``removeLeftovers(beside:)``.
  ///
  /// A save holds the lock from its temporary file's creation to its rename, so while this
  /// holds the lock every temporary file of this store is stale. The lock is tried, never
  /// waited for, and only when there is something to remove.
  func removeInterruptedSaves() {
    guard let target = try? fileSystem.resolveLinks(url), !leftovers(beside: target).isEmpty,
      let lock = try? fileSystem.lockIfFree(Self.lockFile(of: target))
    else { return }
    defer { lock.release() }
    removeLeftovers(beside: target)
  }

  /// Best effort: a leftover that cannot be removed costs disk space, not correctness. Only
  /// with the lock held, or a running save could lose its temporary file.
  private func removeLeftovers(beside target: URL) {
    for leftover in leftovers(beside: target) { try? fileSystem.remove(leftover) }
  }

  private func leftovers(beside target: URL) -> [URL] {
    let directory = target.deletingLastPathComponent()
    let names = (try? fileSystem.contents(directory)) ?? []
    return names.filter { Self.isLeftover($0, of: target) }.map { directory.appendingPathComponent($0) }
  }

  /// `.favorites.json.<anything>.items-save` (or its digest form, see ``sibling(of:named:)``),
  /// or `.favorites.json.<UUID>.tmp` as earlier versions of `items` named them; never a name
  /// a person would choose.
  static func isLeftover(_ name: String, of target: URL) -> Bool {
    let prefixes = [".\(target.lastPathComponent).", ".\(digest(of: target.lastPathComponent))."]
    guard let prefix = prefixes.first(where: name.hasPrefix) else { return false }
    if name.hasSuffix(temporarySuffix) { return true }
    let middle = name.dropFirst(prefix.count)
    return middle.hasSuffix(".tmp") && UUID(uuidString: String(middle.dropLast(".tmp".count))) != nil
  }

  static func lockFile(of target: URL) -> URL { sibling(of: target, named: ".lock") }

  /// `.favorites.json<suffix>` in the store's directory: hidden, and named after the store.
  /// A name that would be too long for the file system uses a digest of the store's name
  /// instead, the same in every process, so every writer agrees on the lock.
  static func sibling(of target: URL, named suffix: String) -> URL {
    let name = target.lastPathComponent
    // NAME_MAX: the longest name, in bytes, on Linux's and Apple's file systems.
    let fits = 1 + name.utf8.count + suffix.utf8.count <= 255
    return target.deletingLastPathComponent().appendingPathComponent(".\(fits ? name : digest(of: name))\(suffix)")
  }

  /// 64-bit FNV-1a of the name's UTF-8 bytes, in hexadecimal: stable across processes and
  /// versions, unlike `Hasher`.
  static func digest(of name: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
