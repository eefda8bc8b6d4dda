/// A root: the default values shared by every `DependencyValues` copied from it, one cache per
/// context. In a test process every context's cache is per running test, so a test that runs
/// code on live or preview values (`$0.context = .live`) does not share them with other tests.
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
  /// In a test process: one cache per test (by the token the test framework glue hands out;
  /// token 0 is code outside any test) and context, under ``testCacheKey(token:context:)``.
  private let tests = ConcurrentTable()
  /// Whether caches are per test: the process's detected context is `test`.
  @usableFromInline let isPerTest = DependencyContext.detected == .test

  init() {
    liveSlot = live.values.slot
  }

  @inlinable
  func cache(for context: DependencyContext) -> DefaultValueCache {
    if isPerTest { return currentTestCache(for: context) }
    switch context {
    case .live: return live
    case .preview: return preview
    case .test: return currentTestCache(for: context)
    }
  }

  /// The running test's cache for `context`.
  @usableFromInline
  func currentTestCache(for context: DependencyContext) -> DefaultValueCache {
    testCache(for: TestObservation.currentTestToken(), context: context)
  }

  func testCache(for token: UInt, context: DependencyContext) -> DefaultValueCache {
    let key = Self.testCacheKey(token: token, context: context)
    if let box = tests.lookup(key) { return unsafeDowncast(box, to: DefaultValueCache.self) }
    return tests.update { table in
      if let box = table.lookup(key) { return (table, unsafeDowncast(box, to: DefaultValueCache.self)) }
      let cache = DefaultValueCache(context: context)
      table.insert(cache, for: key)
      return (table, cache)
    }
  }

  private static func testCacheKey(token: UInt, context: DependencyContext) -> UInt {
    let index: UInt = switch context {
    case .live: 0
    case .preview: 1
    case .test: 2
    }
    return token &* 4 &+ index
  }

  /// The caches a reset applies to: in a test process, the running test's (other tests keep
  /// theirs); elsewhere, every cache of this root.
  var cachesToReset: [DefaultValueCache] {
    if isPerTest {
      return DependencyContext.allCases.map { currentTestCache(for: $0) }
    }
    return [live, preview] + tests.table.map { unsafeDowncast($0.box, to: DefaultValueCache.self) }
  }
}
