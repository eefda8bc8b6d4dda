import Foundation

/// What the fixture's declarations were called with, so a test can tell that a call reached
/// this module and not Ambient. Each entry is `name: detail`; tests look for a detail of their
/// own (a unique token), so tests running in parallel do not see each other's calls.
public enum CallLog {
  /// Whether `name` was called with `detail`.
  public static func contains(_ name: String, _ detail: String) -> Bool {
    entries.withLock { $0.contains("\(name): \(detail)") }
  }

  static func record(_ name: String, _ detail: String) {
    entries.withLock { $0.append("\(name): \(detail)") }
  }

  private static let entries = Entries()
}

/// The log's storage: an array behind a lock, written by tests on any thread.
private final class Entries: @unchecked Sendable {
  // @unchecked: `items` is only read or written inside `withLock`, which holds `lock`.
  private var items: [String] = []
  private let lock = NSLock()

  func withLock<T>(_ body: (inout [String]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&items)
  }
}
