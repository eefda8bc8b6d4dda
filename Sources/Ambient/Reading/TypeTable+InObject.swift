// The first ten entries of a table, kept in the table object itself, so that a scope with up to
// ten overrides, as a test's setup often has, allocates nothing beyond its set of overrides.
//
// What it buys, in instructions per operation (callgrind): "withDependencies, 1 override"
// 1,820 → 1,115, with the hash table made on the first entry instead. What its two refinements
// buy: a read looks at the first two entries inline and the others out of line
// (`entryInMore(_:)`), and a 64-bit mask of the keys present lets an override under a new key be
// appended without a search. Searched in order out of line instead, "withDependencies, 10
// overrides" cost 2,165 instead of 1,773, "@Dependency read (overridden)" 183 instead of 160 and
// "@Dependency read under another scope than its model's" 344 instead of 301.

extension TypeTable {
  /// How many entries the object holds.
  static var capacityInObject: Int { 10 }

  /// The bit of the key mask that stands for `key`: one of 64, chosen by the key's hash. A key
  /// whose bit is clear is not among the entries in the object.
  static func bitInObject(_ key: UInt) -> UInt {
    1 &<< ((key &* hashMultiplier) &>> 58)
  }

  /// The entry stored under `key` among the entries after the second. Out of line: most reads
  /// are of tables of one or two entries, and every read site inlines `entry(_:)`.
  @usableFromInline
  final func entryInMore(_ key: UInt) -> Entry? {
    guard storage.keyBits & Self.bitInObject(key) != 0 else { return nil }
    return withEntriesInObject { inObject in
      var index = 2
      while index < storage.count {
        if inObject[index].plainKey == key { return inObject[index] }
        index &+= 1
      }
      return nil
    }
  }

  /// Appends `new`, under a key the table does not hold, to the entries in the object, which
  /// have room; `bit` is its key's ``bitInObject(_:)``.
  final func appendInObject(_ new: Entry, bit: UInt) {
    withEntriesInObject { inObject in inObject[storage.count] = new }
    storage.keyBits |= bit
    countAdded(new)
  }

  /// Puts an entry whose key may be there already, or that does not fit in the object: among
  /// the entries in the object, replacing the one with its key, else appended, else (all ten
  /// used) in the hash table, which they then move into.
  @inline(never)
  final func placeAmongEntries(_ new: Entry) {
    if storage.entries == nil {
      let key = new.plainKey
      let bit = Self.bitInObject(key)
      let placed = withEntriesInObject { inObject -> Bool in
        guard storage.keyBits & bit != 0 else { return false }
        for index in 0..<storage.count where inObject[index].plainKey == key {
          let existing = inObject[index]
          inObject[index] = new
          forget(existing, replacedBy: new)
          return true
        }
        return false
      }
      if placed { return }
      if storage.count < Self.capacityInObject {
        appendInObject(new, bit: bit)
        return
      }
    }
    placeInHashTable(new)
  }

  /// Removes every entry, giving back what each held, and leaves the table as a new one is. Only
  /// while the entries are in the object, on a table no one else can reach: what the released
  /// values' deinits run cannot see it.
  final func removeAllInObject() {
    releaseContents()
    storage.count = 0
    storage.boxedCount = 0
    storage.keyBits = 0
    // A read looks at the first two keys whatever the count (see `entry(_:)`); the others only
    // below the count.
    storage.keysInObject.0 = 1
    storage.keysInObject.1 = 1
  }

  /// Calls `body` with the entries in the object, in place.
  // Sound because a homogeneous tuple is laid out as an array of its element, and both pointers
  // are used only inside these closures, while the table is alive; while `body` runs, nothing
  // reaches the two tuples but these pointers (the other fields of `storage` it updates are
  // other memory).
  final func withEntriesInObject<R>(_ body: (EntriesInObject) -> R) -> R {
    withUnsafeMutablePointer(to: &storage.keysInObject) { keys in
      withUnsafeMutablePointer(to: &storage.wordsInObject) { words in
        body(
          EntriesInObject(
            keys: UnsafeMutableRawPointer(keys).assumingMemoryBound(to: UInt.self),
            words: UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt.self)
          )
        )
      }
    }
  }

  /// The entries in the object, in place: valid inside ``withEntriesInObject(_:)`` only.
  struct EntriesInObject {
    // Sound because: made only by `withEntriesInObject(_:)`, which bounds their use (above).
    let keys: UnsafeMutablePointer<UInt>
    let words: UnsafeMutablePointer<UInt>

    subscript(index: Int) -> Entry {
      get { Entry(key: keys[index], word: words[index]) }
      nonmutating set {
        keys[index] = newValue.key
        words[index] = newValue.word
      }
    }
  }
}
