/// The table of one scope's overrides: from a dependency key (its metadata pointer) to a value,
/// built for reads that count no references.
///
/// A lookup is loads only: no retain, no release, nothing written that another core reading the
/// same table would have to wait for. `Dictionary` would hash with SipHash, which costs more than
/// the rest of a read; metadata pointers are unique already.
///
/// A value is held in one of three ways, and the entries live in one of two places. Each is kept
/// because a row of the Performance article's table pays for it (instructions per operation,
/// callgrind, counted without it and with it; the article lists them):
///
/// - **In a box** (``ValueBox``), the general case.
/// - **In the entry's bits**, for a small trivially copyable value (numbers, flags, dates): no
///   box to allocate. "withDependencies, 10 overrides": 6,027 → 1,773 (boxed, each of the ten
///   `Int`s cost an allocation and a generic class's metadata lookup).
/// - **In the table object** (``TypeTable+ValueInPlace.swift``), for one small value that is
///   not trivial, such as a client of up to four closures: "withDependencies, 1 override, struct
///   of closures": 1,677 → 1,394.
///
/// - **The first ten entries in the object** (``TypeTable+InObject.swift``), so a scope with up to
///   ten overrides allocates nothing beyond its set of overrides: "withDependencies, 1 override":
///   1,820 → 1,115 (a hash table allocated, zeroed and freed per scope).
/// - **A hash table** (``TypeTable+HashTable.swift``) from the eleventh entry on, so a scope that
///   overrides thirty dependencies still finds each in a probe or two.
///
/// A reference type whose owners copy it before changing a shared one (``copy()``). Not final:
/// ``Overrides`` is a table, so one scope's overrides are one allocation.
@usableFromInline
class TypeTable: @unchecked Sendable {
  // @unchecked: a table is written only before it is shared (copy-on-write by its owners).

  /// Everything the table holds, as one stored property.
  // Sound because: a table is written only before it is shared (see the type's comment), so no
  // two accesses can overlap and the dynamic exclusivity checks could only slow every access
  // down: with them, "@Dependency read (overridden)" costs 493 instructions instead of 160.
  @exclusivity(unchecked) @usableFromInline final var storage = Storage()

  /// The table's state. ``Storage/valueInPlace`` comes first, so that it starts where the object's
  /// stored properties start, where a ``ValueBox`` keeps its value (``TypeTable+ValueInPlace.swift``).
  @usableFromInline
  struct Storage {
    @usableFromInline var valueInPlace: WordsInPlace = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The key whose value is in ``valueInPlace`` (0: none), and that value's type, with which it
    /// is destroyed or copied.
    @usableFromInline var keyInPlace: UInt = 0
    @usableFromInline var typeInPlace: (any Sendable.Type)?
    /// The entries while ``entries`` is `nil`, in the order they came: the first ``count`` are
    /// used. Keys and words apart, so that the initialiser stores each run of equal words with a
    /// few wide stores. Unused keys are 1, which is no key: zeroed, they joined the other zeroed
    /// properties into a run long enough for a call to `memset` on every `withDependencies`.
    @usableFromInline var keysInObject: WordsInObject = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    @usableFromInline var wordsInObject: WordsInObject = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The hash table, made when an eleventh entry arrives; `nil` until then.
    // Sound because the table owns this memory: `grow()` allocates and initialises it, and only
    // the next growth or `releaseContents()` frees it, so it is valid while the table is alive.
    @usableFromInline var entries: UnsafeMutablePointer<Entry>?
    @usableFromInline var capacity = 0
    @usableFromInline var shift: UInt = 64
    @usableFromInline var count = 0
    /// How many entries hold a box: the deinit looks for those only, so a table of overridden
    /// numbers is freed without looking at its entries.
    var boxedCount = 0
    /// One bit for each key the table holds (``TypeTable/bitInObject(_:)``): a key whose bit is
    /// clear is not there, so an override under a new key is appended without a search, and a
    /// derived default learns with one `and` that a scope overrides none of its inputs.
    @usableFromInline var keyBits: UInt = 0
    /// The root of the derived defaults built again for this scope (`DerivedDefaults.swift`), one
    /// retain of it, or `nil`: published once, atomically, after the table is shared, so it is
    /// read and written only through ``TypeTable/scopeRootWord``.
    // Sound because: see `scopeRootWord`, where it is loaded and stored.
    var scopeRoot: UnsafeRawPointer?
  }

  @usableFromInline typealias WordsInPlace = (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)
  @usableFromInline typealias WordsInObject = (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)

  init() {}

  deinit {
    releaseContents()
  }

  /// How many keys the table holds.
  final var count: Int { storage.count }

  final var isEmpty: Bool { storage.count == 0 }

  /// The hash table, once the entries moved into it; `nil` while they are in the object.
  // Sound because: the table's own memory (see `Storage.entries`), valid while the table is.
  final var entries: UnsafeMutablePointer<Entry>? { storage.entries }

  /// Gives back everything the entries and the value in place hold, and frees the hash table.
  final func releaseContents() {
    if let entries = storage.entries {
      // Stops at the last box rather than scanning every entry after it.
      var remaining = storage.boxedCount
      var index = 0
      while remaining > 0 {
        if entries[index].holdsBox {  // a free entry's key is 0, which holds nothing
          entries[index].releaseBox()
          remaining -= 1
        }
        index += 1
      }
      entries.deallocate()
    } else if storage.boxedCount != 0 {
      // A table of numbers has no box to give back: it looks at none of its entries.
      withEntriesInObject { inObject in
        for index in 0..<storage.count where inObject[index].holdsBox { inObject[index].releaseBox() }
      }
    }
    if storage.keyInPlace != 0 { destroyValueInPlace() }
    // Only from the deinit, or on a table no one else can reach: no read can race this one.
    if let scopeRoot = storage.scopeRoot {
      storage.scopeRoot = nil
      releaseScopeRoot(scopeRoot)
    }
  }

  /// The entry stored under `key`: valid while this table is alive and unchanged.
  // Always inlined, as is `value(_:as:)`: called, it returned the entry through memory, and
  // "@Dependency read (overridden)" cost 186 instructions instead of 160, "@Dependency read under
  // another scope than its model's" 357 instead of 303.
  @inlinable @inline(__always)
  final func entry(_ key: UInt) -> Entry? {
    // Empty overrides are what a model in a test captures (its test's root, nothing overridden):
    // one load answers every read of a default there.
    guard storage.count != 0 else { return nil }
    guard let entries = storage.entries else {
      // Most tables hold one or two entries: those are looked at here, the others out of line.
      // Keys are never 0 or 1, so an unused entry matches no key.
      let first = Entry(key: storage.keysInObject.0, word: storage.wordsInObject.0)
      if first.plainKey == key { return first }
      let second = Entry(key: storage.keysInObject.1, word: storage.wordsInObject.1)
      if second.plainKey == key { return second }
      if storage.count > 2 { return entryInMore(key) }
      return nil
    }
    let mask = storage.capacity &- 1
    var index = Int(truncatingIfNeeded: (key &* Self.hashMultiplier) >> storage.shift)
    while true {
      let entry = entries[index]
      if entry.plainKey == key { return entry }
      if entry.key == 0 { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// The value of type `Value` stored under `key`, if there is one.
  // Always inlined (see `entry(_:)`): left to the inliner, a read's getter that grew a check
  // stopped inlining it, and a struct of closures then came back through memory. Without it,
  // "@Dependency read (overridden)" cost 198 instructions instead of 167, "@Dependency read
  // inside a Swift Testing test" 196 instead of 165, a read under another scope 358 instead of 309.
  @inlinable @inline(__always)
  final func value<Value: Sendable>(_ key: UInt, as _: Value.Type) -> Value? {
    guard let entry = entry(key) else { return nil }
    if Self.storesInline(Value.self) && entry.isInline { return entry.inlineValue(as: Value.self) }
    return entry.boxedValue(as: Value.self)
  }

  /// Stores `value` under `key`, replacing what was there, where it costs least: its bits in
  /// the entry, in the object (the first such value), else in a box. Only on a table no one else
  /// reads.
  @inlinable
  final func insertValue<Value: Sendable>(_ value: Value, for key: UInt) {
    if Self.storesInline(Value.self) {
      place(Entry(key: key, inline: value))
    } else if !insertInPlace(value, for: key) {
      insert(ValueBox(value), for: key)
    }
  }

  /// Stores `box` under `key`, replacing what was there. Only on a table no one else reads.
  @usableFromInline
  final func insert(_ box: AnyValueBox, for key: UInt) {
    place(Entry(key: key, retaining: box))
  }

  /// Stores `value`'s bits under `key`; only for a type that ``storesInline(_:)``.
  @inlinable
  final func insertInline<Value>(_ value: Value, for key: UInt) {
    place(Entry(key: key, inline: value))
  }

  /// Whether values of type `Value` are stored in the entry itself rather than in a box: small
  /// and trivially copyable, so copying the bits is copying the value and nothing needs
  /// releasing. A constant once `Value` is known, so the check costs nothing.
  @inlinable
  static func storesInline<Value>(_: Value.Type) -> Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt>.size
  }

  /// Puts an entry in the table, replacing the one with its key and giving back what that one
  /// held. An entry under a new key while the entries are in the object, as most overrides are,
  /// is appended here without looking at the others; the rest is out of line, so that this path
  /// saves no registers for it.
  @usableFromInline
  final func place(_ new: Entry) {
    let bit = Self.bitInObject(new.plainKey)
    guard storage.entries == nil, storage.keyBits & bit == 0, storage.count < Self.capacityInObject else {
      placeAmongEntries(new)
      return
    }
    appendInObject(new, bit: bit)
  }

  /// Counts `new`, stored under a key the table did not hold.
  final func countAdded(_ new: Entry) {
    storage.count &+= 1
    if new.holdsBox { storage.boxedCount &+= 1 }
  }

  /// Gives back what `existing`, replaced by `new` (same key), held: its box, or the value in
  /// place unless `new` is that value.
  final func forget(_ existing: Entry, replacedBy new: Entry) {
    if new.holdsBox { storage.boxedCount += 1 }
    if existing.holdsBox {
      storage.boxedCount -= 1
      existing.releaseBox()
    } else if existing.isInPlace && !new.isInPlace {
      destroyValueInPlace()
    }
  }
}

extension TypeTable {
  /// The key under which `type` is stored.
  @inlinable
  static func key(_ type: any Any.Type) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type))
  }

  /// The type whose ``key(_:)`` is `key`.
  static func keyType(_ key: UInt) -> any Any.Type {
    // Sound because: every key was made by `key(_:)` from a type's metadata pointer, which lives
    // for the process, and a metadata pointer is what an `Any.Type` value is.
    unsafeBitCast(UnsafeRawPointer(bitPattern: key)!, to: Any.Type.self)
  }
}
