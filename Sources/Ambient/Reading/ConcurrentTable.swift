public import AmbientRuntime

/// A hash table from a word-sized key to an object, which many threads read without a lock
/// while a few write under one.
///
/// Entries are added in place: a writer fills a free entry's object, then its key, each with a
/// release store, and a reader that finds the key (acquire load) finds the object. Nothing is
/// copied per insertion. When the table is three quarters full, a writer copies it once into a
/// block twice the size and publishes that; superseded blocks are kept (readers may still be in
/// them) until the next removal frees them after its wait, or the table goes, so memory stays
/// within about twice what is alive.
///
/// Removing entries (a reset) publishes a new block without them, then waits for the reads that
/// were in flight at that moment to finish (``withReading(_:)`` marks them) and frees what it
/// unpublished (the old blocks and the removed objects) before it returns. Readers count no
/// references, so the marks are how a writer knows; the argument:
///
/// - A reader marks its read (sequentially consistent store), then loads the slot (sequentially
///   consistent load). A writer stores the new block (sequentially consistent store), then scans
///   the marks (sequentially consistent loads). In the single order of those four operations,
///   either the reader's mark comes first, and the writer sees the read in flight and waits for
///   it, or the writer's store does, and the reader loads the new block, which does not hold
///   what was removed.
/// - A read owns (+1) whatever it returns before it marks its read finished, so what a reader
///   keeps after the read is its own reference, not the table's (see
///   ``DefaultValueCache/value(for:in:)`` and `ambient_read_end`).
///
/// Keys are never 0 (that marks a free entry). Elements are retained by the table: the current
/// block's entries each hold a reference (taken when inserted, handed to the grown or rebuilt
/// block, given up when removed or when the table goes); superseded blocks hold none. No
/// dictionary beside the blocks: a test process keeps a table per recent test, and one saved
/// allocation a table is memory saved per test.
@usableFromInline
final class ConcurrentTable<Element: AnyObject>: @unchecked Sendable {
  // @unchecked: the mutable state below is guarded by `lock`; readers touch only the published
  // blocks, through the atomic loads in `TableBlock`.

  /// The slot holding the current block; stable for the table's life, so hot paths may keep it
  /// as plain data.
  // Sound because the slot is static storage or memory that `slotOwner` keeps allocated, so it
  // outlives the table; it holds a block of this table's or nothing, and is loaded and stored
  // only atomically.
  @usableFromInline let slot: UnsafeMutablePointer<UnsafeRawPointer?>
  /// Guards the writes; may be shared by many tables (see ``init(slot:keepingAlive:lock:)``).
  private let lock: Lock
  /// Blocks superseded by growth; readers may still be in them, and they are small next to the
  /// current one (half, a quarter, …), so they wait for the next removal or the table's end.
  /// Guarded by `lock`.
  private var grownOut: [TableBlock] = []

  /// What keeps the slot alive as long as the table, if anything does.
  private let slotOwner: AnyObject?

  /// A table published through `slot`, which the caller provides: static storage, for a table
  /// that lives as long as the process, or memory that `owner` frees when it goes (the table
  /// keeps `owner` alive). Until this runs the slot is empty (`nil`), which readers take for an
  /// empty table. `lock` guards its writes: a lock of its own, or one that many tables share
  /// (it is held only for a write's bookkeeping, never while another lock is taken).
  // Sound because the slot outlives the table (see `slot`), and the first block is published
  // whole: the release store pairs with a reader's load of the slot (acquire or stronger), after
  // which the reader sees the block's header and its free entries. Published atomically: readers
  // may already be loading the slot.
  init(slot: UnsafeMutablePointer<UnsafeRawPointer?>, keepingAlive owner: AnyObject? = nil, lock: Lock = Lock()) {
    self.slot = slot
    self.lock = lock
    ambient_atomic_store_release(slot, TableBlock.allocate(capacity: TableBlock.smallestCapacity).raw)
    slotOwner = owner
  }

  deinit {
    let block = TableBlock(raw: slot.pointee!)
    block.forEachEntry { _, element in Self.object(element).release() }
    block.deallocate()
    for block in grownOut { block.deallocate() }
  }

  /// The element stored under `key` in the block published at `slot`, unretained: valid while
  /// the table is alive and, if entries can be removed, inside ``withReading(_:)``.
  // Sound because a block a reader can reach is freed only by a removal, after it waited for
  // every read marked by ``withReading(_:)`` that could have loaded it, or at the table's end;
  // growth frees nothing. The sequentially consistent load is the reader's half of the handshake
  // in the type's comment, and an acquire of the block the writer published whole.
  @inlinable
  static func rawElement(_ key: UInt, in slot: UnsafeMutablePointer<UnsafeRawPointer?>) -> UnsafeRawPointer? {
    guard let block = ambient_atomic_load_seq_cst(slot) else { return nil }  // no table there yet
    return TableBlock(raw: block).lookup(key)
  }

  /// Marks this thread as reading for the duration of `body`, so that nothing `body` finds in a
  /// table is freed under it. Costs one uncontended atomic store on memory this thread owns and
  /// one call.
  ///
  /// `body` must return what it found as its own (+1) value: a copy of a value, a retained
  /// reference. It is returned before the read is marked finished, and `ambient_read_end` is
  /// a call the compiler cannot see into, so the retains that make the result owned happen
  /// before it. `body` must not run user code (reads do not nest, and a removal waits for them).
  @inlinable
  static func withReading<R>(_ body: () -> R) -> R {
    let reader = ambient_read_begin()
    let owned = body()
    ambient_read_end(reader)
    return owned
  }

  /// The element stored under `key`, retained: for slow paths.
  func lookup(_ key: UInt) -> Element? {
    lock.withLock { lookupLocked(key) }
  }

  /// The number of entries.
  var count: Int { lock.withLock { current.count } }

  /// The element under `key` in the current block, retained; call only inside the lock.
  private func lookupLocked(_ key: UInt) -> Element? {
    current.lookup(key).map { Self.object($0).takeUnretainedValue() }
  }

  /// The element under `key`, or the one `make` creates and stores, atomically with respect to
  /// other writers. `make` runs under the table's lock: keep it short and free of user code.
  func element(for key: UInt, orInsert make: () -> Element) -> Element {
    lock.withLock {
      if let element = lookupLocked(key) { return element }
      let element = make()
      insertLocked(element, for: key)
      return element
    }
  }

  /// Stores `element` under `key`; returns `false` (and stores nothing) if the key is taken.
  @discardableResult
  func insert(_ element: Element, for key: UInt) -> Bool {
    lock.withLock {
      guard current.lookup(key) == nil else { return false }
      insertLocked(element, for: key)
      return true
    }
  }

  /// Removes the entries whose key `shouldRemove` accepts. When it returns, the removed entries
  /// that no one else holds have been freed: it waits for the reads in flight (nanoseconds),
  /// not for a moment when no thread reads. Never call it inside ``withReading(_:)``.
  func removeAll(where shouldRemove: (UInt) -> Bool) {
    let unpublished = lock.withLock { () -> (elements: [Element], blocks: [TableBlock])? in
      // Sound because, under the lock, no other writer changes the block: a kept entry's word
      // moves to the new block with the entry's reference, and a removed entry's reference goes
      // to `removed`, given up only after the wait below, as the unpublished blocks are freed.
      var kept: [(key: UInt, element: UnsafeRawPointer)] = []
      var removed: [Element] = []
      current.forEachEntry { key, element in
        if shouldRemove(key) {
          // The block's reference, handed to `removed`: given up after the wait below.
          removed.append(Self.object(element).takeRetainedValue())
        } else {
          kept.append((key, element))
        }
      }
      guard !removed.isEmpty else { return nil }
      // The kept entries' references move to the new block.
      let block = TableBlock.allocate(capacity: TableBlock.capacity(for: kept.count))
      for (key, element) in kept { block.insert(key, element) }
      let blocks = [current] + grownOut
      grownOut = []
      // Sound because sequentially consistent: the writer's half of the handshake in the type's
      // comment, and a release of the new block, written whole above.
      ambient_atomic_store_seq_cst(slot, block.raw)
      return (removed, blocks)
    }
    guard let unpublished else { return }
    // Outside the lock: the readers waited for take no lock, and the elements freed here may
    // run user code in their deinits that reads this table or removes from it. Their lifetime
    // is extended past the wait: Swift may otherwise release them after their last use.
    withExtendedLifetime(unpublished.elements) {
      ambient_wait_for_reads_in_flight()
      for block in unpublished.blocks { block.deallocate() }
    }
  }

  private var current: TableBlock { TableBlock(raw: slot.pointee!) }

  private func insertLocked(_ element: Element, for key: UInt) {
    precondition(key != 0, "0 marks a free entry")
    // Sound because the grown block is written whole before the store (a release, as every
    // sequentially consistent store is) publishes it, and the block it replaces stays allocated
    // in `grownOut` while readers may still be in it.
    var block = current
    if (block.count + 1) * 4 > block.capacity * 3 {
      let grown = TableBlock.allocate(capacity: block.capacity * 2)
      block.forEachEntry { grown.insert($0, $1) }
      grownOut.append(block)
      ambient_atomic_store_seq_cst(slot, grown.raw)
      block = grown
    }
    // Sound because the retain taken here is the entry's reference (see the type's comment).
    block.insert(key, UnsafeRawPointer(Self.object(retaining: element).toOpaque()))
  }

  /// The element an entry's word points to. The current block's entries each hold one reference
  /// (see the type's comment): ``object(retaining:)`` takes it, the deinit and a removal give it
  /// back, and a lookup under the lock borrows it.
  // Sound because: an entry's word is only ever made by `object(retaining:)` from an `Element`,
  // and the reference it holds keeps the object alive until the entry gives it back.
  private static func object(_ word: UnsafeRawPointer) -> Unmanaged<Element> {
    Unmanaged<Element>.fromOpaque(word)
  }

  /// `element`, retained once for the entry that will hold it.
  // Sound because that retain is given back exactly once: by the deinit, or by the removal that
  // takes the entry out (`takeRetainedValue`).
  private static func object(retaining element: Element) -> Unmanaged<Element> {
    .passRetained(element)
  }
}
