import Ambient
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The example's one way to the disk: the favourites store and file catalogues go through it,
/// so a test can see (or forbid) every file access.
///
/// Live: the real file system (see `FileSystem+Live.swift`). Preview: no disk at all; any use
/// reports an issue and throws. Test: every endpoint is `unimplemented`; a test about files
/// overrides it with `FileSystem.liveValue` inside a temporary directory it owns.
struct FileSystem: Sendable {
  /// The file's contents, or `nil` when nothing exists at the URL; throws
  /// ``SizeLimitExceeded`` as soon as more than `limit` bytes have been read, so an endless
  /// file such as `/dev/zero` cannot exhaust memory.
  var read: @Sendable (_ url: URL, _ limit: Int?) throws -> Data?
  /// Creates a new file with the data and the permission bits (the default ones when `nil`),
  /// and flushes it to the disk: the temporary half of an atomic replace.
  var write: @Sendable (_ data: Data, _ url: URL, _ permissions: Int?) throws -> Void
  /// Renames the first file over the second in one step, as `rename(2)` does, and flushes the
  /// directory so the rename itself survives a crash.
  var replace: @Sendable (_ source: URL, _ destination: URL) throws -> Void
  /// Removes a file.
  var remove: @Sendable (URL) throws -> Void
  /// Creates a directory and its parents; does nothing when it exists.
  var createDirectory: @Sendable (URL) throws -> Void
  /// The file's permission bits (`0o600`), or `nil` when nothing exists at the URL.
  var permissions: @Sendable (URL) throws -> Int?
  /// Where the URL leads once every symbolic link in its last component is followed; the URL
  /// itself when it is not a link. A link to a missing file leads to that file.
  var resolveLinks: @Sendable (URL) throws -> URL
  /// The names in a directory.
  var contents: @Sendable (_ directory: URL) throws -> [String]
  /// Waits for an exclusive advisory lock on the file (created when missing) and returns it
  /// held; other processes asking for it wait until it is released or its holder dies.
  var lock: @Sendable (URL) throws -> FileLock
}

/// An advisory lock that ``FileSystem/lock`` holds until ``release()``.
struct FileLock: Sendable {
  /// Gives the lock up.
  var release: @Sendable () -> Void
}

extension FailureReason {
  /// The operating system's words for `errno`.
  static func posix(_ code: Int32) -> FailureReason {
    FailureReason(description: String(cString: strerror(code)))
  }
}

extension FileSystem: DependencyKey {
  static var previewValue: FileSystem {
    @Sendable func noDisk(_ url: URL) -> FailureReason {
      reportIssue("Preview values have no disk, but \(url.path) was asked for.")
      return FailureReason(description: "preview values have no disk")
    }
    return FileSystem(
      read: { url, _ in throw noDisk(url) },
      write: { _, url, _ in throw noDisk(url) },
      replace: { throw noDisk($1) },
      remove: { throw noDisk($0) },
      createDirectory: { throw noDisk($0) },
      permissions: { throw noDisk($0) },
      resolveLinks: { throw noDisk($0) },
      contents: { throw noDisk($0) },
      lock: { throw noDisk($0) }
    )
  }

  static let testValue = FileSystem(
    read: unimplemented("FileSystem.read"),
    write: unimplemented("FileSystem.write"),
    replace: unimplemented("FileSystem.replace"),
    remove: unimplemented("FileSystem.remove"),
    createDirectory: unimplemented("FileSystem.createDirectory"),
    permissions: unimplemented("FileSystem.permissions"),
    resolveLinks: unimplemented("FileSystem.resolveLinks"),
    contents: unimplemented("FileSystem.contents"),
    lock: unimplemented("FileSystem.lock")
  )
}

extension DependencyValues {
  /// The disk, as the example sees it.
  var fileSystem: FileSystem {
    get { self[FileSystem.self] }
    set { self[FileSystem.self] = newValue }
  }
}
