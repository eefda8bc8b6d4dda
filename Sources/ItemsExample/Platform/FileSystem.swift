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
  ///
  /// Only a missing file is `nil`: a path that cannot be followed (a directory it may not
  /// search, a loop of links, a name too long) throws the system's reason. Without a limit
  /// only a regular file is read, since anything else (a device, a FIFO) may never end, and
  /// a FIFO is refused without waiting for a writer.
  var read: @Sendable (_ url: URL, _ limit: Int?) throws -> Data?
  /// Creates a new file with the data, flushes it to the disk and gives it the attributes
  /// (when `nil`, the default permission bits and the process's owner and group): the
  /// temporary half of an atomic replace.
  var write: @Sendable (_ data: Data, _ url: URL, _ attributes: FileAttributes?) throws -> Void
  /// Renames the first file over the second in one step, as `rename(2)` does, and flushes the
  /// directory so the rename itself survives a crash.
  var replace: @Sendable (_ source: URL, _ destination: URL) throws -> Void
  /// Removes a file.
  var remove: @Sendable (URL) throws -> Void
  /// Creates a directory and its parents; does nothing when it exists.
  var createDirectory: @Sendable (URL) throws -> Void
  /// The file's permission bits, owner and group, or `nil` when nothing exists at the URL.
  var attributes: @Sendable (URL) throws -> FileAttributes?
  /// Where the URL leads once every symbolic link in its last component is followed; the URL
  /// itself when it is not a link. A link to a missing file leads to that file.
  var resolveLinks: @Sendable (URL) throws -> URL
  /// The names in a directory.
  var contents: @Sendable (_ directory: URL) throws -> [String]
  /// Waits for an exclusive advisory lock on the file (created when missing) and returns it
  /// held; other processes asking for it wait until it is released or its holder dies.
  var lock: @Sendable (URL) throws -> FileLock
  /// Takes the same lock as ``lock`` only if no one holds it, without waiting: `nil` when
  /// another process holds it.
  var lockIfFree: @Sendable (URL) throws -> FileLock?
}

/// What a save keeps of the file it replaces besides its contents.
struct FileAttributes: Equatable, Sendable {
  /// The permission bits, such as `0o640`.
  var permissions: Int
  var owner: uid_t
  var group: gid_t
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
      attributes: { throw noDisk($0) },
      resolveLinks: { throw noDisk($0) },
      contents: { throw noDisk($0) },
      lock: { throw noDisk($0) },
      lockIfFree: { throw noDisk($0) }
    )
  }

  static let testValue = FileSystem(
    read: unimplemented("FileSystem.read"),
    write: unimplemented("FileSystem.write"),
    replace: unimplemented("FileSystem.replace"),
    remove: unimplemented("FileSystem.remove"),
    createDirectory: unimplemented("FileSystem.createDirectory"),
    attributes: unimplemented("FileSystem.attributes"),
    resolveLinks: unimplemented("FileSystem.resolveLinks"),
    contents: unimplemented("FileSystem.contents"),
    lock: unimplemented("FileSystem.lock"),
    lockIfFree: unimplemented("FileSystem.lockIfFree")
  )
}

extension DependencyValues {
  /// The disk, as the example sees it.
  var fileSystem: FileSystem {
    get { self[FileSystem.self] }
    set { self[FileSystem.self] = newValue }
  }
}
