public import AmbientRuntime

/// A root: the default values shared by every `DependencyValues` made from it, one cache per
/// context.
///
/// The process has one shared root, which `DependencyValues()` and the task-local start from.
/// In a test process the shared root stands for the running test's root (``TestRoots``): each
/// test gets its own, found once when values are captured or bound in it, so reads go straight
/// to it.
@usableFromInline
final class DefaultValueRoot: @unchecked Sendable {
  // @unchecked: the caches are guarded by `cachesLock`, the rest are `let`s; `slots` point at slots
  // whose loads and stores are atomic (see ConcurrentTable).
  @usableFromInline static let shared = DefaultValueRoot(standsForRunningTest: sharedStandsForRunningTest)

  /// Whether the shared root stands for the running test's: the process runs tests. A global
  /// of its own, so hot paths check it without touching the shared root.
  @usableFromInline static let sharedStandsForRunningTest = DependencyContext.detected == .test

  /// The shared root's live table slot when the process reads live defaults, else `nil`. Kept
  /// in a C global (`ambient_live_slot`), so the live read path checks it with one load rather
  /// than a lazy-initialisation call; published by the first read that misses it
  /// (``publishLiveSlot``). `prepareDependencies` changes the shared root's context only before
  /// anything was read there, so it cannot go stale.
  // Sound because: the C global is stored once, with release ordering, with a word of the
  // shared root's slots, and the shared root is never freed; the cast only gives the C
  // `void *` word its Swift type.
  @inlinable
  static var liveSlotWhenLive: UnsafeMutablePointer<UnsafeRawPointer?>? {
    ambient_live_slot().map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UnsafeRawPointer?.self)) }
  }

  /// Publishes the live slot if the process reads live defaults; the first call decides.
  @usableFromInline
  static func publishLiveSlot() { _ = liveSlotPublication }

  private static let liveSlotPublication: Void = {
    // Fixes the shared root's context (a read chose it): the slot can never go stale.
    if shared.fixedDefaultContext == .live { ambient_publish_live_slot(shared.slots.live) }
  }()

  /// Whether this is the shared root of a test process, which stands for the running test's.
  @usableFromInline let standsForRunningTest: Bool
  /// Whether a `.dependencies` trait made this root for its test: traits inside it change its
  /// values instead of starting another.
  let startedByTestTrait: Bool
  /// Whether the test these values belong to has ended, when the test framework glue knows when
  /// it ends; `nil` outside tests and for roots whose test's end is not known.
  let lifetime: TestLifetime?
  /// The word that reads of overrides over this root check (see `WatchWord`).
  let watch: WatchWord
  /// The context `prepareDependencies` chose for reads of this root that choose none.
  @usableFromInline let preparedContext: PreparedContextWord

  /// The three caches' table slots, as plain data: the live read path starts at the live one,
  /// and overrides over this root keep a copy (see `DefaultSlots`), so their reads touch no
  /// reference count. A slot is empty until its context's cache exists.
  @usableFromInline let slots: DefaultSlots

  /// The memory of the three slots and of the prepared context's word, kept alive by this root
  /// and by each cache's table (a cache may outlive its root by the length of a read).
  private let slotMemory = SlotMemory.make()
  /// The caches made so far, by context, made on first use: a test reads one context, so its
  /// root makes one cache, not three. Guarded by ``cachesLock``.
  private var liveCache, previewCache, testCache: DefaultValueCache?
  /// Whether a read has relied on ``defaultContext``: from then on `prepareDependencies` may
  /// not change it, even when the values read then were reset since or are still being built
  /// (models that read them would disagree with later reads). Guarded by ``cachesLock``.
  private var defaultContextIsFixed = false

  /// Guards every root's caches and what each cache guards with it (see `DefaultValueCache`).
  /// One for the process rather than one a root: a test process holds a root per recent test
  /// (and one per running case under a `.dependencies` trait), and the lock is only taken when
  /// a cache is made or a value is prepared or reset, never on a read.
  private static let cachesLock = Lock()

  /// Whether this root holds the derived defaults built again for one scope (see
  /// `DerivedDefaults.swift`), whose caches' builds traces mark as rebuilt.
  let isForScope: Bool

  init(
    standsForRunningTest: Bool = false, startedByTestTrait: Bool = false, lifetime: TestLifetime? = nil,
    isForScope: Bool = false
  ) {
    self.isForScope = isForScope
    self.standsForRunningTest = standsForRunningTest
    self.startedByTestTrait = startedByTestTrait
    self.lifetime = lifetime
    watch = lifetime?.watch ?? .unwatched
    slots = DefaultSlots(live: slotMemory.pointer, detected: DependencyContext.detected)
    preparedContext = PreparedContextWord(word: slots.preparedContext)
  }

  /// The cache of `context`, or of this root's ``defaultContext`` for `nil`.
  /// A read that chooses no context fixes this root's default context (see
  /// ``defaultContextIsFixed``), under the lock that a preparation of the context takes.
  @usableFromInline
  func cache(for context: DependencyContext?) -> DefaultValueCache {
    if standsForRunningTest { return TestRoots.runningTestRoot.cache(for: context) }
    return Self.cachesLock.withLock { cacheLocked(for: context ?? fixedDefaultContextLocked()) }
  }

  /// The cache of `context`, made if it was not; call only inside ``cachesLock``.
  private func cacheLocked(for context: DependencyContext) -> DefaultValueCache {
    if let cache = existingCache(for: context) { return cache }
    let cache = DefaultValueCache(
      context: context, slot: slots.slot(for: context), owner: slotMemory, lock: Self.cachesLock,
      isForScope: isForScope
    )
    switch context {
    case .live: liveCache = cache
    case .preview: previewCache = cache
    case .test: testCache = cache
    }
    return cache
  }

  /// ``defaultContext``, fixed from now on: for reads that rely on it.
  var fixedDefaultContext: DependencyContext { Self.cachesLock.withLock { fixedDefaultContextLocked() } }

  private func fixedDefaultContextLocked() -> DependencyContext {
    defaultContextIsFixed = true
    return defaultContext
  }

  /// Prepares `boxes` (by key) as default values and, first, `chosen` as the context of reads
  /// that choose none; the keys go to the cache of `chosen` if it was prepared, else of
  /// `keysContext`, else of the default context. Returns the conflicts, `nil` standing for the
  /// context's.
  ///
  /// One step under the caches' lock: a preparation of the context and one of keys, on two
  /// threads, cannot interleave so that the keys land in the cache of a context no read uses
  /// any more.
  func prepare(
    context chosen: DependencyContext?, keysContext: DependencyContext?, boxes: [(key: UInt, box: AnyValueBox)]
  ) -> [(key: UInt?, conflict: DefaultValueCache.PreparationConflict)] {
    Self.cachesLock.withLock {
      var conflicts: [(key: UInt?, conflict: DefaultValueCache.PreparationConflict)] = []
      var context = keysContext ?? defaultContext
      if let chosen {
        if let conflict = prepareDefaultContextLocked(chosen) {
          conflicts.append((nil, conflict))
        } else {
          context = chosen
        }
      }
      guard !boxes.isEmpty else { return conflicts }
      let cache = cacheLocked(for: context)
      for (key, box) in boxes {
        if let conflict = cache.prepareLocked(box, for: key) { conflicts.append((key, conflict)) }
      }
      return conflicts
    }
  }

  /// Makes `context` the one that reads of this root use when they choose none; returns why it
  /// could not, if it could not. Only before any read relied on the default context, and
  /// before any value was stored (prepared keys included, which would be left in a cache no
  /// read uses). Call only inside ``cachesLock``.
  private func prepareDefaultContextLocked(_ context: DependencyContext) -> DefaultValueCache.PreparationConflict? {
    if context == defaultContext { return nil }
    if preparedContext.context != nil { return .preparedTwice }
    let stored = [liveCache, previewCache, testCache].contains { $0.map { $0.values.count > 0 } ?? false }
    if defaultContextIsFixed || stored { return .alreadyRead }
    preparedContext.store(context)
    return nil
  }

  /// The cache of `context` if it was made; call only inside ``cachesLock``.
  private func existingCache(for context: DependencyContext) -> DefaultValueCache? {
    switch context {
    case .live: liveCache
    case .preview: previewCache
    case .test: testCache
    }
  }

  /// The root that this root's values really read: the running test's for the shared root of a
  /// test process, else this one.
  var resolved: DefaultValueRoot { standsForRunningTest ? TestRoots.runningTestRoot : self }

  /// The caches a reset applies to: every context's of the root the current values read (in a
  /// test, the running test's; other tests keep theirs).
  var cachesToReset: [DefaultValueCache] { resolved.existingCaches }

  /// The caches made so far.
  var existingCaches: [DefaultValueCache] {
    Self.cachesLock.withLock { [liveCache, previewCache, testCache].compactMap { $0 } }
  }

  /// Four words in the object itself (one allocation): the live, preview and test slots, then
  /// the prepared context's word. Not `Sendable` (a `ManagedBuffer` cannot be): it is shared
  /// only as the `AnyObject` that keeps the words alive, which are loaded and stored atomically
  /// (see ConcurrentTable).
  // Sound because: `make()` initialises the four words before the object is shared, `deinit`
  // deinitialises them when nothing refers to it, and every holder of `pointer` keeps the object.
  private final class SlotMemory: ManagedBuffer<Void, UnsafeRawPointer?> {
    static func make() -> SlotMemory {
      let memory = unsafeDowncast(create(minimumCapacity: 4) { _ in }, to: SlotMemory.self)
      memory.pointer.initialize(repeating: nil, count: 4)
      return memory
    }

    /// The first word.
    // Sound because: the elements of a class instance never move while it lives.
    var pointer: UnsafeMutablePointer<UnsafeRawPointer?> { withUnsafeMutablePointerToElements { $0 } }

    // Sound because: `make()` initialised all four, and nothing refers to the object any more.
    deinit { _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 4) } }
  }
}

extension DependencyContext {
  /// The context's position among a root's slots: live, preview, test.
  @inlinable
  var index: Int {
    switch self {
    case .live: 0
    case .preview: 1
    case .test: 2
    }
  }
}
