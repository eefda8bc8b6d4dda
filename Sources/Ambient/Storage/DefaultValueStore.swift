/// A root: the default values shared by every `DependencyValues` copied from it, one cache per
/// context, and in the test context one per running test.
///
/// The process has one shared root, which `DependencyValues()` and the task-local start from.
@usableFromInline
final class DefaultValueStore: @unchecked Sendable {
  @usableFromInline static let shared = DefaultValueStore()

  /// The shared root's live table slot when the process runs live, else `nil`: one global, so
  /// a live read with nothing overridden checks one lazy initialisation instead of two.
  @usableFromInline nonisolated(unsafe) static let liveSlotWhenLive: UnsafeMutablePointer<UnsafeRawPointer?>? =
    DependencyContext.detected == .live ? shared.liveSlot : nil

  @usableFromInline let live = DefaultValueCache(context: .live)
  @usableFromInline let preview = DefaultValueCache(context: .preview)
  /// The live cache's table slot, as plain data: the live read path starts here and touches
  /// no reference count.
  @usableFromInline let liveSlot: UnsafeMutablePointer<UnsafeRawPointer?>
  /// One cache per test (by the token the test framework glue hands out); token 0 is code
  /// that runs in a test process outside any test.
  private let tests = ConcurrentTable()

  init() {
    liveSlot = live.values.slot
  }

  @inlinable
  func cache(for context: DependencyContext) -> DefaultValueCache {
    switch context {
    case .live: live
    case .preview: preview
    case .test: currentTestCache()
    }
  }

  /// The cache of the running test.
  @usableFromInline
  func currentTestCache() -> DefaultValueCache {
    testCache(for: TestObservation.currentTestToken())
  }

  func testCache(for token: UInt) -> DefaultValueCache {
    if let box = tests.lookup(token) { return unsafeDowncast(box, to: DefaultValueCache.self) }
    return tests.update { table in
      if let box = table.lookup(token) { return (table, unsafeDowncast(box, to: DefaultValueCache.self)) }
      let cache = DefaultValueCache(context: .test)
      table.insert(cache, for: token)
      return (table, cache)
    }
  }

  /// Every cache that exists now: the live and preview caches and each test's.
  var allCaches: [DefaultValueCache] {
    [live, preview] + tests.table.map { unsafeDowncast($0.box, to: DefaultValueCache.self) }
  }
}
