// The hash table a table moves its entries into when an eleventh arrives: open addressing with
// linear probing, keyed by a multiplicative hash of the key (metadata pointers are unique, so
// nothing stronger is needed), at most three quarters full. A scope with thirty overrides finds
// each in a probe or two instead of a search of thirty.

extension TypeTable {
  /// The multiplier of the keys' hash (Fibonacci hashing: the golden ratio's 64-bit fraction).
  @inlinable static var hashMultiplier: UInt { 0x9E37_79B9_7F4A_7C15 }

  /// The index of `key`'s first probe.
  final func index(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* Self.hashMultiplier) >> storage.shift)
  }

  /// Puts an entry in the hash table, made or grown first if it is full. Out of line, so that
  /// `place(_:)`'s path for a new key saves no registers for it.
  @inline(never)
  final func placeInHashTable(_ new: Entry) {
    // At most three quarters full: probes stay short, and the first ten entries and up to two
    // more fit in sixteen.
    if (storage.count &+ 1) &* 4 > storage.capacity &* 3 { grow() }
    let key = new.plainKey
    let table = storage.entries!
    let mask = storage.capacity &- 1
    var index = index(for: key)
    while true {
      let existing = table[index]
      if existing.key == 0 {
        table[index] = new
        storage.keyBits |= Self.bitInObject(key)
        countAdded(new)
        return
      }
      if existing.plainKey == key {
        table[index] = new
        forget(existing, replacedBy: new)
        return
      }
      index = (index &+ 1) & mask
    }
  }

  @inline(never)
  private final func grow() {
    let old = storage.entries
    let oldCapacity = storage.capacity
    storage.capacity = Swift.max(16, storage.capacity * 2)
    storage.shift = UInt(64 - storage.capacity.trailingZeroBitCount)
    // Sound because: the table owns this memory (freed in `releaseContents()` or on the next
    // growth), every entry is initialised here, and entries are plain words.
    let new = UnsafeMutablePointer<Entry>.allocate(capacity: storage.capacity)
    new.initialize(repeating: Entry(key: 0, word: 0), count: storage.capacity)
    storage.entries = new
    // The entries move with their retains, to free entries: their keys are distinct.
    guard let old else {
      // The entries in the object are left as they are: nothing looks at them once the hash
      // table exists.
      withEntriesInObject { inObject in
        for index in 0..<storage.count { moveIntoHashTable(inObject[index]) }
      }
      return
    }
    for index in 0..<oldCapacity where old[index].key != 0 { moveIntoHashTable(old[index]) }
    old.deallocate()
  }

  /// Puts `entry`, whose key the hash table does not hold, in the first free entry for it.
  private final func moveIntoHashTable(_ entry: Entry) {
    let entries = storage.entries!
    let mask = storage.capacity &- 1
    var index = index(for: entry.plainKey)
    while entries[index].key != 0 { index = (index &+ 1) & mask }
    entries[index] = entry
  }
}
