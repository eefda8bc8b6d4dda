import Foundation

/// A mutex for the slow paths: building and publishing a default value, making a root's cache,
/// registering a test's root, preparing values. A read of a cached value never takes one, except
/// in a test process a read with nothing bound or captured, which finds the running test's root
/// under the test-roots registry's lock and its cache under the caches lock
/// (Reading/README.md).
///
/// `package` so AmbientTesting uses it too: Foundation's own `withLock` needs macOS 14 and
/// iOS 17, newer than the package's deployment targets.
///
/// The library has four lock shapes, each for a reason of its own:
///
/// - This one (an `NSLock`), everywhere a plain critical section will do. Roots share theirs
///   (every root's caches one lock, every cache's table another), because a test process keeps a
///   root per recent test and each lock is three allocations.
/// - ``BuildCoordinator``'s two `NSCondition`s: builders wait for another thread's build with a
///   deadline (to report a suspected deadlock), which needs a condition, and tests wait for a
///   wait to begin on a second one, so waking them never wakes a builder.
/// - ``LockIsolated``'s `NSRecursiveLock`: public API, recursive so that an overlapping access
///   from inside `withValue` reaches Swift's exclusivity check, which names the problem, instead
///   of deadlocking.
/// - A `pthread_mutex_t` in AmbientRuntime.c, for the registry of reader records: the inline C
///   read path registers a thread's record, and a thread-exit destructor returns it, where no
///   Swift object can be used.
///
/// ## Lock order
///
/// This is the one statement of it; everything else links here. A lock may be held while a lock
/// after it in its chain is taken, never the reverse, and no two chains nest:
///
/// 1. AmbientTesting's tracker lock (`SwiftTestingTracker`) → the test-token counter's lock, or
///    → the test-roots registry's lock (`TestRoots`, asked whether a case's values are held) → a
///    test lifetime's lock (`TestLifetime`, which `TestRoots.end` takes to end a test).
/// 2. The roots' caches lock (`DefaultValueRoot.cachesLock`) → the build coordinator's condition
///    → a cache table's lock (`DefaultValueCache.tablesLock`): a preparation takes all three in
///    that order; the caches lock → the race points' lock (`RacePoints`, only while a test holds
///    a race point).
/// 3. A trace recorder's lock (`TraceRecorder`) → a read site's lock on its written description
///    (`ReadSite`).
///
/// Every other lock is a leaf: nothing is taken while it is held (`ObjectScopes`' lock, the
/// coordinator's second condition, the reader-record mutex, a `LockIsolated`'s lock, and the last
/// lock of each chain). Nothing in Ambient calls AmbientTesting's hooks while it holds a lock. No
/// lock is held while user code runs (a `liveValue` getter, a value's `deinit`) or while a removal
/// waits for the reads in flight.
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
