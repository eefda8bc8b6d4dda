public import AmbientRuntime

/// One block of a ``ConcurrentTable``: a header (capacity, shift, count) and `capacity` entries
/// of two words (key, element), in one allocation. Plain data, so readers count no references.
@usableFromInline
struct TableBlock {
  // Sound because a block is freed only by its table, when no reader can be in it any more (see
  // ``ConcurrentTable``), so `raw` is valid wherever a block is used.
  @usableFromInline let raw: UnsafeRawPointer
  @usableFromInline init(raw: UnsafeRawPointer) { self.raw = raw }

  private static let headerWords = 3

  /// A new table's capacity: room for three entries. Most tables are a test's cache, which holds
  /// the few values its test reads, and a test process keeps one per recent test (88 bytes
  /// each, against 152 for eight).
  static let smallestCapacity = 4

  static func capacity(for count: Int) -> Int {
    var capacity = smallestCapacity
    while (count + 1) * 4 > capacity * 3 { capacity *= 2 }
    return capacity
  }

  /// A block of `capacity` free entries (a power of two), not yet published.
  // Sound because the memory is bound, as it is initialised, to the types it is read as: the
  // header's words to `UInt`, the entries' to `UnsafeRawPointer?` (null: a free entry).
  static func allocate(capacity: Int) -> TableBlock {
    let word = MemoryLayout<UInt>.self
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: (headerWords + 2 * capacity) * word.stride, alignment: word.alignment)
    let header = memory.initializeMemory(as: UInt.self, repeating: 0, count: headerWords)
    header[0] = UInt(capacity)
    header[1] = UInt(64 - capacity.trailingZeroBitCount)
    (memory + headerWords * word.stride).initializeMemory(
      as: UnsafeRawPointer?.self, repeating: nil, count: 2 * capacity)
    return TableBlock(raw: UnsafeRawPointer(memory))
  }

  // Sound because only the table frees a block, once, when no reader can be in it any more.
  func deallocate() { UnsafeMutableRawPointer(mutating: raw).deallocate() }

  @usableFromInline var capacity: Int { Int(bitPattern: raw.load(as: UInt.self)) }
  @usableFromInline var shift: UInt { raw.load(fromByteOffset: MemoryLayout<UInt>.stride, as: UInt.self) }
  var count: Int { Int(bitPattern: raw.load(fromByteOffset: 2 * MemoryLayout<UInt>.stride, as: UInt.self)) }

  /// The word pairs, as atomically accessed pointers.
  // Sound because the entries start after the three header words, bound to `UnsafeRawPointer?`
  // when the block was allocated.
  @usableFromInline var entries: UnsafeMutablePointer<UnsafeRawPointer?> {
    UnsafeMutableRawPointer(mutating: raw).advanced(by: 3 * MemoryLayout<UInt>.stride)
      .assumingMemoryBound(to: UnsafeRawPointer?.self)
  }

  /// Metadata pointers are already unique, so a multiplicative hash spreads them well enough;
  /// `Dictionary`'s SipHash would cost more than the rest of a read.
  @inlinable
  func index(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Always inlined: left to the inliner, every read of a cached default called it.
  // Sound because a key is loaded with acquire, pairing with `insert`'s release store of it,
  // made after the element's: a reader that finds the key finds the element whole. A block is
  // never more than three quarters full, so a probe reaches a free entry and ends.
  @inlinable
  func lookup(_ key: UInt) -> UnsafeRawPointer? {
    let mask = capacity &- 1
    let entries = self.entries
    var index = index(for: key)
    while true {
      let entry = entries + 2 &* index
      guard let found = ambient_atomic_load_acquire(entry) else { return nil }
      if UInt(bitPattern: found) == key { return ambient_atomic_load_acquire(entry + 1) }
      index = (index &+ 1) & mask
    }
  }

  /// Adds an entry; the caller holds the table's lock and has made room.
  // Sound because only a writer holding the table's lock inserts, so no two writers take one
  // entry; the count is plain data, read only under that lock.
  func insert(_ key: UInt, _ element: UnsafeRawPointer) {
    let mask = capacity - 1
    var index = index(for: key)
    while ambient_atomic_load_acquire(entries + 2 * index) != nil { index = (index + 1) & mask }
    let entry = entries + 2 * index
    // Sound because the element is stored first, both with release: a reader that sees the key
    // (acquire, in `lookup`) sees the element.
    ambient_atomic_store_release(entry + 1, element)
    ambient_atomic_store_release(entry, UnsafeRawPointer(bitPattern: key))
    let countOffset = 2 * MemoryLayout<UInt>.stride
    UnsafeMutableRawPointer(mutating: raw).storeBytes(of: UInt(count + 1), toByteOffset: countOffset, as: UInt.self)
  }

  /// Calls `body` with every entry; the caller holds the table's lock.
  // Sound because the caller holds the table's lock (or is the table's deinit, its last user), so
  // no entry changes meanwhile and no one else frees the block.
  func forEachEntry(_ body: (UInt, UnsafeRawPointer) -> Void) {
    for index in 0..<capacity {
      let entry = entries + 2 * index
      guard let key = ambient_atomic_load_acquire(entry), let element = ambient_atomic_load_acquire(entry + 1) else {
        continue
      }
      body(UInt(bitPattern: key), element)
    }
  }
}
