import Ambient
import Foundation
import Testing

@testable import ItemsExample

/// What a save must preserve beyond the favourites themselves: the lock around the whole
/// change, the store's permissions, a symbolic link, and a tidy directory after a crash.
@Suite(oneMinuteLimit) struct FavoritesFileSafetyTests {
  private func setFavorite(_ id: Item.ID, at url: URL) throws {
    try withDependencies {
      $0.fileSystem = .liveValue
    } operation: {
      try Database.file(at: url).setFavorite(id, true)
    }
  }

  private func permissions(of url: URL) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func theLockIsHeldFromTheReadToTheRename() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      let calls = LockIsolated<[String]>([])
      @Sendable func log(_ call: String) { calls.withValue { $0.append(call) } }
      var watched = FileSystem.liveValue
      watched.lock = { url in
        log("lock \(url.lastPathComponent)")
        let lock = try FileSystem.liveValue.lock(url)
        return FileLock(release: {
          log("release")
          lock.release()
        })
      }
      watched.read = {
        log("read")
        return try FileSystem.liveValue.read($0, $1)
      }
      watched.replace = {
        log("replace")
        try FileSystem.liveValue.replace($0, $1)
      }
      try withDependencies {
        $0.fileSystem = watched
      } operation: {
        try Database.file(at: url).setFavorite("1", true)
      }
      #expect(calls.value == ["lock .favorites.json.lock", "read", "replace", "release"])
    }
  }

  @Test(arguments: [0o600, 0o640, 0o664])
  func aSaveKeepsTheStoresPermissions(bits: Int) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": []}", to: url)
      try FileManager.default.setAttributes([.posixPermissions: bits], ofItemAtPath: url.path)
      try setFavorite("1", at: url)
      #expect(try permissions(of: url) == bits)
      #expect(try text(at: url).contains("\"1\""))
    }
  }

  @Test(arguments: ["real.json", "data/real.json"])
  func aSaveWritesThroughASymbolicLink(target: String) async throws {
    try await withTemporaryDirectory { directory async throws in
      let link = directory.appendingPathComponent("favorites.json")
      let real = directory.appendingPathComponent(target)
      try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
      try write("{\"favorites\": [\"2\"]}", to: real)
      // Relative, as `ln -s` usually makes them.
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
      try setFavorite("1", at: link)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target)
      #expect(
        try withDependencies {
          $0.fileSystem = .liveValue
        } operation: {
          try Database.file(at: real).favorites()
        } == ["1", "2"])
      // The lock sits beside the file that is replaced.
      #expect(
        FileManager.default.fileExists(
          atPath: real.deletingLastPathComponent().appendingPathComponent(".real.json.lock").path))
    }
  }

  @Test func aLinkToAMissingStoreCreatesTheTarget() async throws {
    try await withTemporaryDirectory { directory async throws in
      let link = directory.appendingPathComponent("favorites.json")
      let real = directory.appendingPathComponent("elsewhere.json")
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
      try setFavorite("3", at: link)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
      #expect(try text(at: real).contains("\"3\""))
    }
  }

  @Test func aSaveRemovesTemporaryFilesAKilledWriterLeft() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": []}", to: url)
      let leftovers = [
        ".favorites.json.1D4C-DEAD\(FavoritesFile.temporarySuffix)",
        ".favorites.json.x\(FavoritesFile.temporarySuffix)",
        // As versions before the lock named them.
        ".favorites.json.\(UUID().uuidString).tmp",
      ]
      for name in leftovers {
        try Data(count: 1 << 20).write(to: directory.appendingPathComponent(name))
      }
      // Not ours: another store's temporary file, and the user's own files.
      let others = [
        ".other.json.x\(FavoritesFile.temporarySuffix)", "favorites.json.bak", ".favorites.json.tmp",
        ".favorites.json.old.tmp",
      ]
      for name in others { try write("keep", to: directory.appendingPathComponent(name)) }
      try setFavorite("1", at: url)
      #expect(try contents(of: directory) == ([".favorites.json.lock", "favorites.json"] + others).sorted())
    }
  }
}
