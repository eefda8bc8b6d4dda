import Foundation

/// A mutex for the slow paths: building and publishing a default value, making a root's cache,
/// registering a test's root, preparing values. A read of a cached value never takes it, except
/// in a test process a read with nothing bound or captured, which finds the running test's root
/// under the test-roots registry's lock and its cache under the caches lock (Storage/README.md).
///
/// `package` so AmbientTesting uses it too: Foundation's own `withLock` needs macOS 14 and
/// iOS 17, newer than the package's deployment targets.
///
/// The library has four lock shapes, each for a reason of its own:
///
/// - This one (an `NSLock`), everywhere a plain critical section will do. It is the smallest
///   of the Foundation locks. Roots share theirs (every root's caches one lock, every cache's
///   table another, `DefaultValueCache.tablesLock`), because a test process keeps a root per
///   recent test and each lock is three allocations.
/// - ``BuildCoordinator``'s two `NSCondition`s: builders wait for another thread's build with a
///   deadline (to report a suspected deadlock), which needs a condition, and tests wait for a
///   wait to begin on a second one, so waking them never wakes a builder.
/// - ``LockIsolated``'s `NSRecursiveLock`: public API, recursive so that an overlapping access
///   from inside `withValue` reaches Swift's exclusivity check, which names the problem, instead
///   of deadlocking.
/// - A `pthread_mutex_t` in AmbientRuntime.c, for the registry of reader records: the inline
///   C read path registers a thread's record, and a thread-exit destructor returns it, where no
///   Swift object can be used.
///
/// Lock order (a lock on the left may be held while taking one on its right, never the
/// reverse): the roots' caches lock (`DefaultValueRoot.cachesLock`) → the coordinator's
/// condition → a table's lock; and AmbientTesting's tracker lock → the test-roots registry's
/// lock (`TestRoots`) → the test lifetimes' lock (`TestLifetime`), which `TestRoots` takes
/// when it ends a test. The lifetimes' lock, the test-token counter's lock (taken inside the
/// tracker's) and the reader-record mutex are leaves: nothing else is taken while they are
/// held. Storage/README.md keeps the full order. No lock is held
/// while user code runs (a `liveValue` getter, a value's `deinit`) or while a removal waits
/// for the reads in flight.
package final class Lock: @unchecked Sendable {
  // @unchecked: NSLock is thread-safe; it is what makes everything else here safe.
  private let lock = NSLock()

  package init() {}

  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
