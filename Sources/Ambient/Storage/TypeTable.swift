/// An open-addressing hash table from a word-sized key (a dependency key's metadata pointer) to
/// a box, built for reads that count no references.
///
/// `Dictionary` hashes with SipHash, which costs more than the rest of a dependency read put
/// together; metadata pointers are already unique, so a multiplicative hash is enough here.
/// Entries are plain data in memory the table owns: a key and either a box pointer (holding one
/// retain of the box, taken on insertion and given back on replacement or deinit) or, for a
/// small trivial value, the value's bits, which saves an allocation per override, or the
/// table's own address, for the one value it keeps in place (``valueInPlace``). A lookup is
/// loads only: no retain, no release, nothing written that another core reading the same table
/// would have to wait for.
///
/// The first ten entries live in the table object itself (`keysInObject`, `wordsInObject`, searched in
/// order, a new key appended), so up to ten overrides allocate nothing
/// beyond the table. So does one small value that is not trivially copyable, such as a client
/// of up to four closures (``valueInPlace``): a `withDependencies` that overrides one thing is
/// one allocation, for an `Int` or for a client, and none when its thread has a spare set of
/// overrides (SpareOverrides.swift). An eleventh entry moves the entries into the
/// hash table, which serves every lookup from then on.
///
/// A reference type whose owners copy it before changing a shared one (``copy()``). Not final:
/// ``Overrides`` is a table, so one scope's overrides are one allocation.
@usableFromInline
class TypeTable: @unchecked Sendable {
  // @unchecked: a table is written only before it is shared (copy-on-write by its owners).
  /// A key (never 0; 0 marks a free entry) and its value: a retained box; for a small trivially
  /// copyable value (see ``storesInline(_:)``), the value's own bits, marked by the key's low
  /// bit; or, for the value kept in ``valueInPlace``, the table object's address, marked by the
  /// key's second bit (keys are metadata pointers, so both bits are otherwise 0).
  @usableFromInline
  struct Entry {
    @usableFromInline var key: UInt
    @usableFromInline var word: UInt

    @inlinable init(key: UInt, word: UInt) {
      self.key = key
      self.word = word
    }

    @inlinable var isInline: Bool { key & 1 != 0 }
    /// Whether the value is the table's ``TypeTable/valueInPlace``.
    @inlinable var isInPlace: Bool { key & 2 != 0 }
    /// Whether `word` is a retained box.
    @inlinable var holdsBox: Bool { key & 3 == 0 }
    @inlinable var plainKey: UInt { key & ~3 }
  }

  // Unchecked exclusivity: a table is written only before it is shared (see the type's
  // comment), so the dynamic checks would only slow every read down.
  /// Memory for one small value that is not trivially copyable (``fitsInPlace(_:)``), so that
  /// overriding it allocates no box. The first stored property, so it sits where a
  /// ``ValueBox`` keeps its value (right after the object's header, where
  /// `_getUnsafePointerToStoredProperties` points): the value's entry holds this object's
  /// address, and a read reads the value as it reads a box's (``value(_:as:)``, which neither
  /// retains the box nor looks at its header), with no check of its own on the read path.
  /// Written only through ``memoryInPlace``.
  @exclusivity(unchecked) @usableFromInline final var valueInPlace: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) =
    (0, 0, 0, 0, 0, 0, 0, 0)
  /// The key whose value is in ``valueInPlace`` (0: none), and that value's type, with which it
  /// is destroyed or copied.
  @exclusivity(unchecked) @usableFromInline final var keyInPlace: UInt = 0
  @exclusivity(unchecked) @usableFromInline final var typeInPlace: (any Sendable.Type)?
  /// The entries while ``entries`` is `nil`, in the order they came: the first ``count`` are
  /// used (entries are never removed); unused once ``entries`` is not. Up to ten overrides, as a
  /// test's setup often has, need no hash table: searched in order, so few cost less than its
  /// allocation, initialisation and freeing did (a fifth of such a `withDependencies`). A read
  /// looks at the first two inline (``first``, ``second``) and at the others out of line
  /// (``entryInMore(_:)``); an override under a new key is appended (``place(_:)``).
  ///
  /// Keys and words apart, so that the initialiser stores each run of equal words with a few
  /// wide stores (stored as entries, key and word in turn, they took a store each). Unused keys
  /// are 1, which is no key (keys are metadata pointers, and its plain key is 0): zeroed, they
  /// joined the table's other zeroed properties into a run long enough for a call to `memset`,
  /// which every `withDependencies` paid for.
  @exclusivity(unchecked) @usableFromInline final var keysInObject: WordsInObject = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
  @exclusivity(unchecked) @usableFromInline final var wordsInObject: WordsInObject = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// The hash table, made when an eleventh entry arrives; `nil` until then.
  @exclusivity(unchecked) @usableFromInline final var entries: UnsafeMutablePointer<Entry>?
  @exclusivity(unchecked) @usableFromInline final var capacity = 0
  @exclusivity(unchecked) @usableFromInline final var shift: UInt = 64
  @exclusivity(unchecked) @usableFromInline final private(set) var count = 0
  /// How many entries hold a box: the deinit looks for those only, so a table of overridden
  /// numbers is freed without looking at its entries.
  @exclusivity(unchecked) final private(set) var boxedCount = 0
  /// One bit for each key among the entries in the object (``bitInObject(_:)``): a key whose
  /// bit is clear is not there, so an override under a new key, as most are, is appended
  /// without looking at the others.
  @exclusivity(unchecked) final var keyBitsInObject: UInt = 0

  /// The storage of ``keysInObject`` and ``wordsInObject``: a tuple of one type, laid out as an
  /// array of it.
  @usableFromInline
  typealias WordsInObject = (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)

  /// How many entries the object holds (``keysInObject``, ``wordsInObject``).
  static var capacityInObject: Int { 10 }

  /// The first entry while ``entries`` is `nil`, if ``count`` is at least 1 (else no key).
  @inlinable
  final var first: Entry { Entry(key: keysInObject.0, word: wordsInObject.0) }

  /// The second entry while ``entries`` is `nil`, if ``count`` is at least 2 (else no key).
  @inlinable
  final var second: Entry { Entry(key: keysInObject.1, word: wordsInObject.1) }

  /// The bit of ``keyBitsInObject`` that stands for `key`: one of 64, chosen by the key's hash.
 
  static func bitInObject(_ key: UInt) -> UInt {
    1 &<< ((key &* 0x9E37_79B9_7F4A_7C15) &>> 58)
  }

  init() {}

  deinit {
    releaseContents()
  }

  /// Gives back everything the entries and the value in place hold, and frees the hash table.
  /// Only from `deinit`, and from ``removeAllInObject()`` (no hash table).
 
  private final func releaseContents() {
    releaseEntries()
    if keyInPlace != 0 { destroyValueInPlace() }
  }

  /// Gives back the table's retains of its boxes and frees the hash table. Only from
  /// ``releaseContents()``.
 
  private final func releaseEntries() {
    guard let entries else {
      // A table of numbers has no box to give back: it looks at none of its entries.
      if boxedCount == 0 { return }
      withEntriesInObject { inObject in
        for index in 0..<count { Self.releaseBox(of: inObject[index]) }
      }
      return
    }
    // Stops at the last box rather than scanning every slot after it.
    var remaining = boxedCount
    var index = 0
    while remaining > 0 {
      if entries[index].key != 0 && entries[index].holdsBox {
        Self.releaseBox(of: entries[index])
        remaining -= 1
      }
      index += 1
    }
    entries.deallocate()
  }

  /// Removes every entry, giving back what each held (its box, the value in place), and leaves
  /// the table as a new one is. Only while the entries are in the object (``entries`` is `nil`),
  /// on a table no one else can reach: what the released values' deinits run cannot see it.
  final func removeAllInObject() {
    releaseContents()
    count = 0
    boxedCount = 0
    keyBitsInObject = 0
    // A read looks at the first two keys whatever the count (see `entry(_:)`); the others only
    // below the count.
    keysInObject.0 = 1
    keysInObject.1 = 1
  }

  /// Gives back the table's retain of `entry`'s box, if it holds one.
 
  private static func releaseBox(of entry: Entry) {
    guard entry.key != 0, entry.holdsBox else { return }
    Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!).release()
  }

  /// Calls `body` with every entry, in the object or in the hash table. For slow paths.
  final func forEachEntry(_ body: (Entry) -> Void) {
    guard let entries else {
      withEntriesInObject { inObject in
        for index in 0..<count { body(inObject[index]) }
      }
      return
    }
    for index in 0..<capacity where entries[index].key != 0 { body(entries[index]) }
  }

  final var isEmpty: Bool { count == 0 }

  /// Calls `body` with the entries in the object (``keysInObject``, ``wordsInObject``), in
  /// place.
 
  private final func withEntriesInObject<R>(_ body: (EntriesInObject) -> R) -> R {
    withUnsafeMutablePointer(to: &keysInObject) { keys in
      withUnsafeMutablePointer(to: &wordsInObject) { words in
        body(
          EntriesInObject(
            keys: UnsafeMutableRawPointer(keys).assumingMemoryBound(to: UInt.self),
            words: UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt.self)
          )
        )
      }
    }
  }

  /// The entries in the object, in place.
  struct EntriesInObject {
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

  /// Whether values of type `Value` are stored in the entry itself rather than in a box: small
  /// and trivially copyable (numbers, flags, dates), so copying the bits is copying the value
  /// and nothing needs releasing. A constant once `Value` is known, so the check costs nothing.
  @inlinable
  static func storesInline<Value>(_: Value.Type) -> Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt>.size
  }

  /// Whether a value of type `Value` that is not stored inline can be kept in ``valueInPlace``:
  /// up to 64 bytes (a struct of four closures), aligned as a word is. A constant once `Value`
  /// is known.
  @inlinable
  static func fitsInPlace<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<(UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// The address of ``valueInPlace``: where the object's stored properties start.
  @inlinable
  final var memoryInPlace: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }

  /// Stores `value` under `key`, replacing what was there, where it costs least: its bits in
  /// the entry, in ``valueInPlace`` (the first such value), else in a box. Only on a table no
  /// one else reads.
  @inlinable
  final func insertValue<Value: Sendable>(_ value: Value, for key: UInt) {
    if Self.storesInline(Value.self) {
      insertInline(value, for: key)
      return
    }
    guard Self.fitsInPlace(Value.self), keyInPlace == 0 || keyInPlace == key else {
      insert(ValueBox(value), for: key)
      return
    }
    if keyInPlace == key {
      memoryInPlace.assumingMemoryBound(to: Value.self).pointee = value  // the key fixes the type
    } else {
      memoryInPlace.initializeMemory(as: Value.self, to: value)
      keyInPlace = key
      typeInPlace = Value.self
    }
    place(Entry(key: key | 2, word: UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())))
  }

  /// Destroys the value in ``valueInPlace``; its entry is gone or being replaced.
  @usableFromInline
  final func destroyValueInPlace() {
    func destroy<Value>(_: Value.Type) { memoryInPlace.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
    if let typeInPlace { destroy(typeInPlace) }
    keyInPlace = 0
    typeInPlace = nil
  }

  /// Stores a copy of `other`'s value in place, which is `key`'s, in this table.
  private final func insertCopyOfValueInPlace(of other: TypeTable, for key: UInt) {
    func copy<Value: Sendable>(_: Value.Type) {
      insertValue(other.memoryInPlace.assumingMemoryBound(to: Value.self).pointee, for: key)
    }
    if let type = other.typeInPlace { copy(type) }
  }

  /// An independent table with the same entries.
  final func copy() -> TypeTable {
    let table = TypeTable()
    table.overlay(self)
    return table
  }

  @inlinable @inline(__always)
  final func index(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The entry stored under `key`: valid while this table is alive and unchanged. Always
  /// inlined, as ``value(_:as:)`` is: called, it returned the entry through memory, and a read
  /// of a default through a test's empty overrides cost 25 instructions more.
  @inlinable @inline(__always)
  final func entry(_ key: UInt) -> Entry? {
    // Empty overrides are what a model in a test captures (its test's root, nothing overridden):
    // one load answers every read of a default there.
    guard count != 0 else { return nil }
    guard let entries else {
      // Keys are never 0, so an unused entry matches no key.
      if first.plainKey == key { return first }
      if second.plainKey == key { return second }
      if count > 2 { return entryInMore(key) }
      return nil
    }
    let mask = capacity &- 1
    var index = index(for: key)
    while true {
      let entry = entries[index]
      if entry.plainKey == key { return entry }
      if entry.key == 0 { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// The entry stored under `key` among the entries after the second. Out of line: most reads
  /// are of tables of one or two entries, and every read site inlines ``entry(_:)``.
  @usableFromInline
  final func entryInMore(_ key: UInt) -> Entry? {
    guard keyBitsInObject & Self.bitInObject(key) != 0 else { return nil }
    return withEntriesInObject { inObject in
      var index = 2
      while index < count {
        if inObject[index].plainKey == key { return inObject[index] }
        index &+= 1
      }
      return nil
    }
  }

  /// The value of type `Value` stored under `key`, if there is one. Always inlined: left to the
  /// inliner, a read's getter that grew a check stopped inlining it, and a struct of closures
  /// then came back through memory, costing a read of an override a twentieth more.
  @inlinable @inline(__always)
  final func value<Value: Sendable>(_ key: UInt, as _: Value.Type) -> Value? {
    guard let entry = entry(key) else { return nil }
    if Self.storesInline(Value.self) && entry.isInline {
      return withUnsafeBytes(of: entry.word) { $0.load(as: Value.self) }
    }
    return UnsafeRawPointer(bitPattern: entry.word)!.valueWhereABoxKeepsIt(as: Value.self)
  }

  /// Stores `box` under `key`, replacing what was there. Only on a table no one else reads.
  @usableFromInline
  final func insert(_ box: AnyValueBox, for key: UInt) {
    place(Entry(key: key, word: UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())))
  }

  /// Stores `value`'s bits under `key`; only for a type that ``storesInline(_:)``.
  @inlinable
  final func insertInline<Value>(_ value: Value, for key: UInt) {
    var word: UInt = 0
    withUnsafeMutableBytes(of: &word) { $0.storeBytes(of: value, as: Value.self) }
    place(Entry(key: key | 1, word: word))
  }

  /// Puts an entry in the table, replacing the one with its key and giving back the retain of
  /// any box that one held. An entry under a new key while the entries are in the object, as
  /// most overrides are, is appended here without looking at the others; the rest is out of
  /// line (``placeAmongEntries(_:)``), so that this path saves no registers for it.
  @usableFromInline
  final func place(_ new: Entry) {
    let bit = Self.bitInObject(new.plainKey)
    guard entries == nil, keyBitsInObject & bit == 0, count < Self.capacityInObject else {
      placeAmongEntries(new)
      return
    }
    appendInObject(new, bit: bit)
  }

  /// Appends `new`, under a key the table does not hold, to the entries in the object, which
  /// have room; `bit` is its key's ``bitInObject(_:)``.
 
  private final func appendInObject(_ new: Entry, bit: UInt) {
    withEntriesInObject { inObject in inObject[count] = new }
    keyBitsInObject |= bit
    countAdded(new)
  }

  /// Puts an entry whose key may be there already, or that does not fit in the object: among
  /// the entries in the object, replacing the one with its key, else appended, else (all ten
  /// used) in the hash table, which they then move into.
  @inline(never)
  private final func placeAmongEntries(_ new: Entry) {
    if entries == nil {
      let key = new.plainKey
      let bit = Self.bitInObject(key)
      let placed = withEntriesInObject { inObject -> Bool in
        if keyBitsInObject & bit != 0 {
          for index in 0..<count where inObject[index].plainKey == key {
            let existing = inObject[index]
            inObject[index] = new
            forget(existing, replacedBy: new)
            return true
          }
        }
        return false
      }
      if placed { return }
      if count < Self.capacityInObject {
        appendInObject(new, bit: bit)
        return
      }
    }
    placeInHashTable(new)
  }

  /// Puts an entry in the hash table, made or grown first if it is full. Out of line, so that
  /// ``place(_:)``'s path for a new key saves no registers for it.
  ///
  /// Written for the common case, a key not yet there, with the table's pointer and mask in
  /// registers and no overflow checks (capacities are small powers of two).
  @inline(never)
  private final func placeInHashTable(_ new: Entry) {
    // At most three quarters full: probes stay short, and the first ten entries and up to two
    // more fit in sixteen.
    if (count &+ 1) &* 4 > capacity &* 3 { grow() }
    let key = new.plainKey
    let table = entries!
    let mask = capacity &- 1
    var index = index(for: key)
    while true {
      let existing = table[index]
      if existing.key == 0 {
        table[index] = new
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

  /// Counts `new`, stored under a key the table did not hold: in ``count``, and in
  /// ``boxedCount`` if it holds a box.
 
  private final func countAdded(_ new: Entry) {
    count &+= 1
    if new.holdsBox { boxedCount &+= 1 }
  }

  /// Gives back what `existing`, replaced by `new` (same key), held: its box, or the value in
  /// place unless `new` is that value.
 
  private final func forget(_ existing: Entry, replacedBy new: Entry) {
    if new.holdsBox { boxedCount += 1 }
    if existing.holdsBox {
      boxedCount -= 1
      Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: existing.word)!).release()
    } else if existing.isInPlace && !new.isInPlace {
      destroyValueInPlace()
    }
  }

  @inline(never)
  private final func grow() {
    let old = entries
    let oldCapacity = capacity
    capacity = Swift.max(16, capacity * 2)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    let new = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    new.initialize(repeating: Entry(key: 0, word: 0), count: capacity)
    entries = new
    // The entries move with their retains, to free entries: their keys are distinct.
    guard let old else {
      // The entries in the object are left as they are: nothing looks at them once the hash
      // table exists.
      withEntriesInObject { inObject in
        for index in 0..<count { moveIntoHashTable(inObject[index]) }
      }
      return
    }
    for index in 0..<oldCapacity where old[index].key != 0 { moveIntoHashTable(old[index]) }
    old.deallocate()
  }

  /// Puts `entry`, whose key the hash table does not hold, in the first free entry for it.
 
  private final func moveIntoHashTable(_ entry: Entry) {
    let mask = capacity &- 1
    var index = index(for: entry.plainKey)
    while entries![index].key != 0 { index = (index &+ 1) & mask }
    entries![index] = entry
  }

  /// Every entry of `other` is written over this table's. Only on a table no one else reads.
  final func overlay(_ other: TypeTable) {
    other.forEachEntry { entry in
      if entry.isInPlace {
        insertCopyOfValueInPlace(of: other, for: entry.plainKey)
        return
      }
      if entry.holdsBox { _ = Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!).retain() }
      place(entry)
    }
  }

  /// The boxed entries, for slow paths (inline values and the value in place have no box to
  /// hand out).
  final var boxes: [(key: UInt, box: AnyValueBox)] {
    var boxes: [(key: UInt, box: AnyValueBox)] = []
    forEachEntry { entry in
      guard entry.holdsBox else { return }
      boxes.append(
        (entry.key, Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!).takeUnretainedValue())
      )
    }
    return boxes
  }

  /// Every value as a box, for `prepareDependencies`, whose caches keep boxes. A value kept
  /// inline or in place has no box: it is read back as its key's value type and boxed, so
  /// `prepareDependencies { $0 = values }` prepares every value in `values`, not only the boxed.
  /// Only for tables whose keys are `TestDependencyKey` types, as `DependencyValues`' are (its
  /// subscript, which takes one, is the only way values get into them).
  final var everyValueBoxed: [(key: UInt, box: AnyValueBox)] {
    var boxes: [(key: UInt, box: AnyValueBox)] = []
    forEachEntry { entry in
      if entry.holdsBox {
        let box = Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!)
        boxes.append((entry.key, box.takeUnretainedValue()))
      } else if let keyType = Self.keyType(entry.plainKey) as? any TestDependencyKey.Type {
        boxes.append((entry.plainKey, boxedValue(keyType, key: entry.plainKey)))
      }
    }
    return boxes
  }

  /// The value stored under `key`, whose key type is `Key`, in a box of its own.
  private final func boxedValue<Key: TestDependencyKey>(_: Key.Type, key: UInt) -> AnyValueBox {
    ValueBox(value(key, as: Key.Value.self)!)
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
    unsafeBitCast(UnsafeRawPointer(bitPattern: key)!, to: Any.Type.self)
  }
}

extension UnsafeRawPointer {
  /// The value stored where a ``ValueBox`` at this address keeps its value, copied out of
  /// memory: a box's value, or a table's ``TypeTable/valueInPlace`` (whose entry holds the
  /// table's address). Read as memory, not as the box's property: code that is not specialised
  /// finds a generic class's field offsets through the object's own metadata, which for a
  /// table is not a box's.
  ///
  /// A box's one stored property follows the object's header (two words, where
  /// `_getUnsafePointerToStoredProperties` points), aligned for `Value`, as Swift lays out a
  /// class's first stored property (`ValueBoxLayoutTests` checks it).
  @inlinable @inline(__always)
  func valueWhereABoxKeepsIt<Value: Sendable>(as _: Value.Type) -> Value {
    let afterHeader = self + 2 * MemoryLayout<UInt>.size
    // A constant test once `Value` is known: the header is 16 bytes, aligned for all but the
    // most aligned types.
    if MemoryLayout<Value>.alignment <= 2 * MemoryLayout<UInt>.size { return afterHeader.load(as: Value.self) }
    return afterHeader.alignedUp(for: Value.self).load(as: Value.self)
  }

  /// The value in the ``ValueBox`` this points to, read without retaining the box.
  @inlinable
  func unboxed<Value: Sendable>(as _: Value.Type) -> Value {
    Unmanaged<ValueBox<Value>>.fromOpaque(self)._withUnsafeGuaranteedRef { $0.value }
  }
}
