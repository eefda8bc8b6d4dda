import Ambient
import Foundation

@testable import ItemsExample

extension FileSystem {
  /// A file system that touches nothing: it records each call in `log` and fails it.
  static func recording(into log: LockIsolated<[String]>) -> FileSystem {
    @Sendable func record(_ call: String, _ url: URL) -> FailureReason {
      log.withValue { $0.append("\(call) \(url.path)") }
      return FailureReason(description: "recorded, not performed")
    }
    return FileSystem(
      read: { url, _ in throw record("read", url) },
      write: { _, url, _ in throw record("write", url) },
      replace: { throw record("replace", $1) },
      remove: { throw record("remove", $0) },
      createDirectory: { throw record("createDirectory", $0) },
      attributes: { throw record("attributes", $0) },
      resolveLinks: { throw record("resolveLinks", $0) },
      contents: { throw record("contents", $0) },
      lock: { throw record("lock", $0) },
      lockIfFree: { throw record("lockIfFree", $0) }
    )
  }
}
