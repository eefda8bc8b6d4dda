public import AmbientRuntime

/// A root: the default values shared by every `DependencyValues` made from it, one cache per
/// context.
///
/// The process has one shared root, which `DependencyValues()` and the task-local start from.
/// In a test process the shared root stands for the running test's root (``TestRoots``): each
/// test gets its own, found once when values are captured or bound in it, so reads go straight
/// to it.
@usableFromInline
final class DefaultValueStore: @unchecked Sendable {
  // @unchecked: every property is a `let`; `slots` point at slots whose loads and stores
  // are atomic (see ConcurrentTable).
  @usableFromInline static let shared = DefaultValueStore(standsForRunningTest: sharedStandsForRunningTest)

  /// Whether the shared root stands for the running test's: the process runs tests. A global
  /// of its own, so hot paths check it without touching the shared root.
  @usableFromInline static let sharedStandsForRunningTest = DependencyContext.detected == .test

  /// The shared root's live table slot when the process reads live defaults, else `nil`. Kept
  /// in a C global (`ambient_live_slot`), so the live read path checks it with one load rather
  /// than a lazy-initialisation call; published by the first read that misses it
  /// (``publishLiveSlot``). `prepareDependencies` changes the shared root's context only before
  /// anything was read there, so it cannot go stale.
  @inlinable
  static var liveSlotWhenLive: UnsafeMutablePointer<UnsafeRawPointer?>? {
    ambient_live_slot().map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UnsafeRawPointer?.self)) }
  }

  /// Publishes the live slot if the process reads live defaults; the first call decides.
  @usableFromInline
  static func publishLiveSlot() { _ = liveSlotPublication }

  private static let liveSlotPublication: Void = {
    if shared.defaultContext == .live { ambient_publish_live_slot(shared.slots.live) }
  }()

  @usableFromInline let live = DefaultValueCache(context: .live)
  @usableFromInline let preview = DefaultValueCache(context: .preview)
  @usableFromInline let test = DefaultValueCache(context: .test)
  /// Whether this is the shared root of a test process, which stands for the running test's.
  @usableFromInline let standsForRunningTest: Bool
  /// The context `prepareDependencies` chose for reads of this root that choose none.
  @usableFromInline let preparedContext = PreparedContextSlot()

  /// The three caches' table slots, as plain data: the live read path starts at the live one,
  /// and overrides over this root keep a copy (see `DefaultSlots`), so their reads touch no
  /// reference count.
  @usableFromInline let slots: DefaultSlots

  init(standsForRunningTest: Bool = false) {
    self.standsForRunningTest = standsForRunningTest
    slots = DefaultSlots(
      live: live.values.slot, preview: preview.values.slot, test: test.values.slot,
      preparedContext: preparedContext.word, detected: DependencyContext.detected
    )
  }

  /// The cache of `context`, or of this root's ``defaultContext`` for `nil`.
  @inlinable
  func cache(for context: DependencyContext?) -> DefaultValueCache {
    if standsForRunningTest { return TestRoots.runningTestRoot.cache(for: context) }
    switch context ?? defaultContext {
    case .live: return live
    case .preview: return preview
    case .test: return test
    }
  }

  /// The root that this root's values really read: the running test's for the shared root of a
  /// test process, else this one.
  var resolved: DefaultValueStore { standsForRunningTest ? TestRoots.runningTestRoot : self }

  /// The caches a reset applies to: every context's of the root the current values read (in a
  /// test, the running test's; other tests keep theirs).
  var cachesToReset: [DefaultValueCache] {
    let root = resolved
    return [root.live, root.preview, root.test]
  }
}
