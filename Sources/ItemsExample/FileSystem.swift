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
/// Live: the real file system. Preview: no disk at all; any use reports an issue and throws.
/// Test: every endpoint is `unimplemented`; a test about files overrides it with
/// `FileSystem.liveValue` inside a temporary directory it owns.
struct FileSystem: Sendable {
  /// The file's contents, or `nil` when nothing exists at the URL.
  var read: @Sendable (URL) throws -> Data?
  /// Creates a new file with the data (the temporary half of an atomic replace).
  var write: @Sendable (Data, URL) throws -> Void
  /// Renames the first file over the second in one step, as `rename(2)` does.
  var replace: @Sendable (_ source: URL, _ destination: URL) throws -> Void
  /// Removes a file.
  var remove: @Sendable (URL) throws -> Void
  /// Creates a directory and its parents; does nothing when it exists.
  var createDirectory: @Sendable (URL) throws -> Void
}

extension FailureReason {
  /// The operating system's words for `errno`.
  static func posix(_ code: Int32) -> FailureReason {
    FailureReason(description: String(cString: strerror(code)))
  }
}

extension FileSystem: DependencyKey {
  static let liveValue = FileSystem(
    read: { url in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
      // Foundation's own error for this is a bare code on Linux.
      guard !isDirectory.boolValue else { throw FailureReason(description: "it is a directory") }
      return try Data(contentsOf: url)
    },
    write: { data, url in try data.write(to: url, options: .withoutOverwriting) },
    replace: { source, destination in
      guard rename(source.path, destination.path) == 0 else { throw FailureReason.posix(errno) }
    },
    remove: { url in try FileManager.default.removeItem(at: url) },
    createDirectory: { url in
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  )

  static var previewValue: FileSystem {
    @Sendable func noDisk(_ url: URL) -> FailureReason {
      reportIssue("Preview values have no disk, but \(url.path) was asked for.")
      return FailureReason(description: "preview values have no disk")
    }
    return FileSystem(
      read: { throw noDisk($0) },
      write: { throw noDisk($1) },
      replace: { throw noDisk($1) },
      remove: { throw noDisk($0) },
      createDirectory: { throw noDisk($0) }
    )
  }

  static let testValue = FileSystem(
    read: unimplemented("FileSystem.read"),
    write: unimplemented("FileSystem.write"),
    replace: unimplemented("FileSystem.replace"),
    remove: unimplemented("FileSystem.remove"),
    createDirectory: unimplemented("FileSystem.createDirectory")
  )
}

extension DependencyValues {
  /// The disk, as the example sees it.
  var fileSystem: FileSystem {
    get { self[FileSystem.self] }
    set { self[FileSystem.self] = newValue }
  }
}
