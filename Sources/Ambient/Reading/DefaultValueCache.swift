/// The default values (live, preview or test) of one root, in one context, for one test:
/// each built once on first read, then read without a lock.
///
/// Building runs user code (a `liveValue` getter), so no lock is held while it runs. Concurrent
/// first reads of one key build it once: the first reader builds, the others wait for that key
/// only (``BuildCoordinator`` keeps who builds and who waits). A read that could never be
/// served, because the key is being built further up the same thread's builds or the wait
/// would close a loop across threads, is a cycle, reported with its chain of keys instead of
/// waiting forever.
@usableFromInline
final class DefaultValueCache: @unchecked Sendable {
  // @unchecked: `prepared` is guarded by `lock` (the caches' lock); `values` is a concurrent table.
  let context: DependencyContext
  @usableFromInline let values: ConcurrentTable<AnyValueBox>
  /// The lock every root's caches share (see `DefaultValueRoot.cachesLock`): a test process
  /// holds a root per recent test, so every lock saved is memory saved per test.
  private let lock: Lock
  /// Keys that were set by `prepareDependencies`. Guarded by `lock`.
  private var prepared: Set<UInt> = []
  /// The lock of every cache's table, for the same reason as `lock`: a table takes it only to
  /// write (a first read's store, a preparation, a reset) and takes no other lock inside it.
  private static let tablesLock = Lock()

  /// A cache whose table is published at `slot`, which `owner` keeps allocated, and whose own
  /// state `lock` guards (never held while this cache runs user code or takes another lock
  /// than its table's).
  /// Whether this cache holds derived defaults built again for one scope (see
  /// ``DerivedDependencyKey``), not the defaults a root shares.
  let isForScope: Bool

  // Sound because: `slot` is a word of `owner`'s own memory (a root's slots, or a scope's
  // table), and the table keeps `owner` alive for as long as it may touch the word.
  init(
    context: DependencyContext, slot: UnsafeMutablePointer<UnsafeRawPointer?>, owner: AnyObject, lock: Lock,
    isForScope: Bool = false
  ) {
    self.context = context
    self.isForScope = isForScope
    values = ConcurrentTable(slot: slot, keepingAlive: owner, lock: Self.tablesLock)
    self.lock = lock
  }

  @inlinable
  func value<Key: TestDependencyKey>(for _: Key.Type, values dependencies: DependencyValues) -> Key.Value {
    Self.value(for: Key.self, in: values.slot) ?? build(Key.self, values: dependencies)
  }

  /// The built value of `Key` in the table at `slot`, if it was built: loads only.
  // Sound because: the caller's values hold the root or scope that owns `slot` for the whole
  // call, and the word is only loaded, with acquire ordering (ConcurrentTable).
  @inlinable
  static func value<Key: TestDependencyKey>(
    for _: Key.Type, in slot: UnsafeMutablePointer<UnsafeRawPointer?>
  ) -> Key.Value? {
    // Marked as a read: a reset may unpublish the value meanwhile, and waits for this read
    // before it frees it. The closure returns a copy of the value (every reference in it
    // retained), which `withReading` holds before it marks the read finished: from then on the
    // caller's copy keeps the value alive, not the table.
    ConcurrentTable<AnyValueBox>.withReading {
      ConcurrentTable<AnyValueBox>.rawElement(TypeTable.key(Key.self), in: slot)?.valueWhereABoxKeepsIt(
        as: Key.Value.self)
    }
  }

  @usableFromInline @inline(never)
  func build<Key: TestDependencyKey>(_: Key.Type, values dependencies: DependencyValues) -> Key.Value {
    let key = TypeTable.key(Key.self)
    let step = BuildChain.Step(cache: ObjectIdentifier(self), key: key, type: Key.self, isRebuiltForScope: isForScope)
    RacePoints.reach(.firstReadClaims, key: key)
    let claim = ReadSite.publishing(dependencies._site) {
      BuildCoordinator.shared.claim(step, context: context) { values.lookup(key) }
    }
    switch claim {
    case .built(let box):
      return box.unbox(as: Key.Value.self)
    case .cycle(let cycle):
      ReadSite.publishing(dependencies._site) { BuildChain.reportCycle(cycle, context: context) }
    case .claimed:
      break
    }

    // The value is built with the reader's values in scope (so a live client built from
    // other dependencies uses its owner's). The read site is cleared there, as on every bound
    // scope: it names this read, not reads the build makes. A derived default's build also
    // records what it reads (`DefaultValueCache+Derived.swift`).
    func build() -> Key.Value {
      ReadSite.publishing(dependencies._site) { DefaultValueResolution.value(for: Key.self, in: context) }
    }
    // The value in the table is the answer, to this read as to every later one. It is this
    // build's: while the build holds its claim nothing else stores the key (a preparation
    // checks for the claim, `prepareLocked`), and a reset in between only removes.
    let stored: AnyValueBox
    if Key._derivesDefault {
      let (value, inputs) = Self.recordingInputs(of: key, reading: dependencies, build)
      stored = values.element(for: key) { DerivedValueBox(value, inputs: inputs) }
    } else {
      let value = dependencies.reading(at: nil).boundUnlessBound(build)
      stored = values.element(for: key) { ValueBox(value) }
    }
    BuildCoordinator.shared.finish(step)
    return stored.unbox(as: Key.Value.self)
  }

  /// Stores a value chosen by `prepareDependencies`; returns why it could not, if it could not.
  /// Call only inside the caches' lock (`DefaultValueRoot.prepare`), which `prepared` needs and
  /// which orders this against a change of the root's context.
  ///
  /// The check and the store are one step against first reads (``BuildCoordinator/unlessBuilding(_:_:)``):
  /// either the preparation comes first, and every read finds the prepared value, or a read
  /// built or claimed the key first, and the preparation is reported as too late.
  func prepareLocked(_ box: AnyValueBox, for key: UInt) -> PreparationConflict? {
    if prepared.contains(key) { return .preparedTwice }
    RacePoints.reach(.preparationStores, key: key)
    var stored = false
    let notBuilding = BuildCoordinator.shared.unlessBuilding(.init(cache: ObjectIdentifier(self), key: key)) {
      stored = values.insert(box, for: key)  // false when a read built it already
    }
    guard notBuilding, stored else { return .alreadyRead }
    prepared.insert(key)
    return nil
  }

  /// Forgets the built value of `key` (or of every key), so that the next read builds it anew.
  func reset(_ key: UInt?) {
    // Outside the lock: the values freed here may run user code in their deinits.
    values.removeAll { key == nil || $0 == key }
    // After the removal, so that a preparation racing this reset either lands before it (and
    // is removed with the rest) or finds the key still marked and is reported as too late,
    // never stored and then dropped while marked as prepared.
    lock.withLock {
      if let key { prepared.remove(key) } else { prepared.removeAll() }
    }
  }

  enum PreparationConflict {
    case alreadyRead, preparedTwice
  }
}
