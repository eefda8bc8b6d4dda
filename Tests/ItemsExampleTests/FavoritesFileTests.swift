import Ambient
import AmbientTestSupport
import Foundation
import Testing

@testable import ItemsExample

/// The JSON favourites store, on the real disk inside a directory each test owns.
@Suite(oneMinuteLimit) struct FavoritesFileTests {
  @Test func aMissingStoreIsEmptyAndTheFirstWriteCreatesIt() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("nested/favorites.json")
      try withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        let database = Database.file(at: url)
        #expect(try database.favorites() == [])
        try database.setFavorite("2", true)
        try database.setFavorite("1", true)
        #expect(try database.favorites() == ["1", "2"])
      }
      #expect(try text(at: url) == "{\n  \"favorites\" : [\n    \"1\",\n    \"2\"\n  ]\n}\n")
    }
  }

  @Test func favouritesPersistAcrossDatabaseValues() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        try Database.file(at: url).setFavorite("3", true)
        try Database.file(at: url).setFavorite("4", true)
        try Database.file(at: url).setFavorite("3", false)
        #expect(try Database.file(at: url).favorites() == ["4"])
      }
    }
  }

  @Test func aMalformedStoreIsReportedAndLeftUntouched() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": 3}", to: url)
      withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        #expect(throws: ItemsError.storeMalformed(path: url.path, reason: "expected a list at .favorites")) {
          try Database.file(at: url).setFavorite("1", true)
        }
        #expect(throws: ItemsError.storeMalformed(path: url.path, reason: "not valid JSON")) {
          try write("favorites: 1", to: url)
          return try Database.file(at: url).favorites()
        }
      }
      #expect(try text(at: url) == "favorites: 1")
    }
  }

  @Test func anUnreadableStoreIsReported() async throws {
    try await withTemporaryDirectory { directory async throws in
      // A directory where the file should be: unreadable even for root, unlike permissions.
      let url = directory.appendingPathComponent("favorites.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        #expect(throws: ItemsError.storeUnreadable(path: url.path, reason: "it is a directory")) {
          try Database.file(at: url).favorites()
        }
      }
    }
  }

  @Test func aSaveThatFailsBeforeTheRenameLeavesTheOldStoreWhole() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      let original = "{\"favorites\": [\"1\"]}"
      try write(original, to: url)
      var crashing = FileSystem.liveValue
      crashing.replace = { _, _ in throw FailureReason(description: "simulated crash before rename") }
      withDependencies {
        $0.fileSystem = crashing
      } operation: {
        #expect(throws: ItemsError.storeUnwritable(path: url.path, reason: "simulated crash before rename")) {
          try Database.file(at: url).setFavorite("2", true)
        }
      }
      #expect(try text(at: url) == original)
      #expect(
        try contents(of: directory) == [".favorites.json.lock", "favorites.json"], "the temporary file is cleaned up")
    }
  }

  @Test func aSaveThatDiesHalfWrittenLeavesTheOldStoreWhole() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      let original = "{\"favorites\": [\"1\"]}"
      try write(original, to: url)
      var diskFull = FileSystem.liveValue
      diskFull.write = { data, url, permissions in
        try FileSystem.liveValue.write(data.prefix(data.count / 2), url, permissions)
        throw FailureReason(description: "No space left on device")
      }
      withDependencies {
        $0.fileSystem = diskFull
      } operation: {
        #expect(throws: ItemsError.storeUnwritable(path: url.path, reason: "No space left on device")) {
          try Database.file(at: url).setFavorite("2", true)
        }
      }
      #expect(try text(at: url) == original)
      #expect(try contents(of: directory) == [".favorites.json.lock", "favorites.json"])
    }
  }

  @Test func theStoreIsReplacedByRenameNotRewrittenInPlace() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("favorites.json")
      let calls = LockIsolated<[String]>([])
      var watched = FileSystem.liveValue
      watched.write = { data, target, permissions in
        calls.withValue {
          $0.append("write \(target.deletingLastPathComponent().path == directory.path ? "beside" : "elsewhere")")
        }
        try FileSystem.liveValue.write(data, target, permissions)
      }
      watched.replace = { source, destination in
        calls.withValue { $0.append("replace \(destination.lastPathComponent)") }
        try FileSystem.liveValue.replace(source, destination)
      }
      try withDependencies {
        $0.fileSystem = watched
      } operation: {
        try Database.file(at: url).setFavorite("1", true)
      }
      #expect(calls.value == ["write beside", "replace favorites.json"])
      #expect(try contents(of: directory) == [".favorites.json.lock", "favorites.json"])
    }
  }
}
