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

/// A store that is there but cannot be read is an error naming the path and the system's
/// reason, never an empty store: listing it would hide the favourites, and saving over it
/// would lose them.
@Suite(oneMinuteLimit) struct UnreadableStoreTests {
  /// A store path `items` cannot read, and the reason it must give.
  enum BadStore: String, CaseIterable, Sendable {
    case linkLoop, nameTooLong, fileForADirectory, devNull, devFull, fifo

    func make(in directory: URL) throws -> (path: String, reason: String) {
      switch self {
      case .linkLoop:
        let link = directory.appendingPathComponent("favorites.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "favorites.json")
        return (link.path, FailureReason.posix(ELOOP).description)
      case .nameTooLong:
        return (
          directory.appendingPathComponent(String(repeating: "f", count: 256)).path,
          FailureReason.posix(ENAMETOOLONG).description
        )
      case .fileForADirectory:
        let file = directory.appendingPathComponent("items")
        try write("", to: file)
        return (file.appendingPathComponent("favorites.json").path, FailureReason.posix(ENOTDIR).description)
      case .devNull:
        return ("/dev/null", "it is a character device, not a regular file")
      case .devFull:
        return ("/dev/full", "it is a character device, not a regular file")
      case .fifo:
        let fifo = directory.appendingPathComponent("favorites.json")
        guard mkfifo(fifo.path, 0o600) == 0 else { throw FailureReason.posix(errno) }
        return (fifo.path, "it is a FIFO, not a regular file")
      }
    }
  }

  @Test(arguments: BadStore.allCases, [[], ["show", "1"], ["favorite", "1", "on"]])
  func aStoreThatCannotBeReadIsAnErrorNamingItAndWhy(store: BadStore, command: [String]) async throws {
    try await withTemporaryDirectory { directory async throws in
      let (path, reason) = try store.make(in: directory)
      let before = try contents(of: directory)
      // Short: a FIFO that made `items` wait for a writer would otherwise hold the test.
      let result = try await ItemsProcess(arguments: command + ["--store", path], limit: 10).run()
      #expect(!result.timedOut)
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(result.errorOutput == "items: error: \(ItemsError.storeUnreadable(path: path, reason: reason))\n")
      #expect(try contents(of: directory) == before, "nothing created beside it")
    }
  }

  @Test(
    .enabled(
      if: ItemsProcess.asOrdinaryUser != nil,
      "root without setpriv, or a checkout only its owner can enter, cannot meet a permission bit"))
  func aStoreInADirectoryItsUserMayNotSearchIsAnError() async throws {
    try await withTemporaryDirectory { directory async throws in
      let closed = directory.appendingPathComponent("closed")
      try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: false)
      let store = closed.appendingPathComponent("favorites.json")
      try write("{\"favorites\": [\"1\"]}", to: store)
      try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: closed.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed.path) }
      // `nobody` must reach the directory itself, as a user reaches their own.
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
      let result = try await ItemsProcess(
        arguments: ["--store", store.path], launcher: ItemsProcess.asOrdinaryUser ?? []
      ).run()
      #expect(result.status == 1)
      #expect(result.output == "")
      let reason = FailureReason.posix(EACCES).description
      #expect(result.errorOutput == "items: error: \(ItemsError.storeUnreadable(path: store.path, reason: reason))\n")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Test func aFavouriteIsNeverSavedOverAStoreThatCouldNotBeRead() async throws {
    let calls = LockIsolated<[String]>([])
    var denied = FileSystem.recording(into: calls)
    denied.read = { url, _ in
      calls.withValue { $0.append("read \(url.path)") }
      throw FailureReason.posix(EACCES)
    }
    let outcome = await withDependencies {
      $0.apiClient = catalogue()
      $0.fileSystem = denied
    } operation: {
      await run("favorite", "1", "on", "--store", "/srv/items/favorites.json")
    }
    expectFailure(outcome, "cannot read the favourites store at /srv/items/favorites.json: Permission denied")
    #expect(calls.value == ["read /srv/items/favorites.json"])
  }
}
