import Ambient
import AmbientTestSupport
import Foundation
import Testing

@testable import ItemsExample

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a save must preserve beyond the favourites themselves: the lock around the whole
/// change, the store's permissions, owner and group, a symbolic link, any name that can be
/// read, and a tidy directory after a crash.
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

  @Test(.enabled(if: geteuid() == 0, "only root may give a file to another owner and group"))
  func aSaveKeepsTheStoresOwnerAndGroup() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": []}", to: url)
      // Neither this process's user nor its group, as when a store is shared through a group.
      let (owner, group): (uid_t, gid_t) = (4321, 8765)
      #expect(chown(url.path, owner, group) == 0)
      #expect(chmod(url.path, 0o640) == 0)
      try setFavorite("1", at: url)
      var status = stat()
      #expect(stat(url.path, &status) == 0)
      #expect(status.st_uid == owner)
      #expect(status.st_gid == group)
      #expect(status.st_mode & 0o7777 == 0o640)
      #expect(try text(at: url).contains("\"1\""))
    }
  }

  /// 206 bytes and more is where the earlier temporary name (49 bytes more) went past 255.
  @Test(arguments: [206, 234, 235, 255])
  func aStoreWithAnyNameThatCanBeReadCanBeSaved(length: Int) async throws {
    try await withTemporaryDirectory { directory async throws in
      let name = String(repeating: "f", count: length - ".json".count) + ".json"
      let url = directory.appendingPathComponent(name)
      try setFavorite("1", at: url)
      try setFavorite("2", at: url)
      #expect(
        try withDependencies {
          $0.fileSystem = .liveValue
        } operation: {
          try Database.file(at: url).favorites()
        } == ["1", "2"])
      #expect(try contents(of: directory) == [FavoritesFile.lockFile(of: url).lastPathComponent, name].sorted())
    }
  }

  @Test(arguments: [[], ["show", "1"]])
  func theNextRunRemovesWhatAKilledSaveLeft(command: [String]) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": [\"1\"]}", to: url)
      // What `kill -9` between a save's write and its rename leaves: its lock file and its
      // temporary file, under the name a save gives it.
      try setFavorite("1", at: url)
      let leftover = FavoritesFile.sibling(of: url, named: ".8badf00d\(FavoritesFile.temporarySuffix)")
      try write("{\"favorites\": [\"1\", \"2\"]}", to: leftover)
      let others = [".other.json.8badf00d\(FavoritesFile.temporarySuffix)", "favorites.json.bak"]
      for name in others { try write("keep", to: directory.appendingPathComponent(name)) }
      let result = try await ItemsProcess(arguments: command + ["--store", url.path]).run()
      #expect(result.status == 0, "\(result.errorOutput)")
      #expect(result.output.contains("★"))
      #expect(try contents(of: directory) == ([".favorites.json.lock", "favorites.json"] + others).sorted())
    }
  }

  @Test func aRunLeavesTheTemporaryFileOfASaveInProgress() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": []}", to: url)
      let temporary = FavoritesFile.sibling(of: url, named: ".8badf00d\(FavoritesFile.temporarySuffix)")
      try write("{\"favorites\": [\"1\"]}", to: temporary)
      // A save in progress holds the lock until its rename.
      let lock = try FileSystem.liveValue.lock(FavoritesFile.lockFile(of: url))
      defer { lock.release() }
      let result = try await ItemsProcess(arguments: ["--store", url.path]).run()
      #expect(result.status == 0, "\(result.errorOutput)")
      #expect(FileManager.default.fileExists(atPath: temporary.path))
    }
  }
}
