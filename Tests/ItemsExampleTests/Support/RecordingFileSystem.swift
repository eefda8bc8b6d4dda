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
      read: { throw record("read", $0) },
      write: { throw record("write", $1) },
      replace: { throw record("replace", $1) },
      remove: { throw record("remove", $0) },
      createDirectory: { throw record("createDirectory", $0) }
    )
  }
}
