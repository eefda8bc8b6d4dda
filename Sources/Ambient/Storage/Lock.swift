import Foundation

/// A mutex with a condition, for the slow paths: building a default value, publishing it,
/// and waiting for another thread's build of the same key. The read path never takes it.
///
/// `package` so AmbientTesting uses it too: Foundation's own `withLock` needs macOS 14 and
/// iOS 17, newer than the package's deployment targets.
package final class Lock: @unchecked Sendable {
  // @unchecked: NSCondition is thread-safe; it is what makes everything else here safe.
  private let condition = NSCondition()

  package init() {}

  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  /// Waits for ``broadcast()``; call only inside ``withLock(_:)``.
  func wait() { condition.wait() }

  /// Wakes every waiter; call only inside ``withLock(_:)``.
  func broadcast() { condition.broadcast() }
}
