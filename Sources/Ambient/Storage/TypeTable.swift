/// An open-addressing hash table from a word-sized key (a dependency key's metadata pointer) to
/// a box, built for reads that count no references.
///
/// `Dictionary` hashes with SipHash, which costs more than the rest of a dependency read put
/// together; metadata pointers are already unique, so a multiplicative hash is enough here.
/// Entries are plain data in memory the table owns: a key and either a box pointer (holding one
/// retain of the box, taken on insertion and given back on replacement or deinit) or, for a
/// small trivial value, the value's bits, which saves an allocation per override. A lookup is
/// loads only: no retain, no release, nothing written that another core reading the same table
/// would have to wait for.
///
/// A reference type whose owners copy it before changing a shared one (``copy()``). Not final:
/// ``OverrideStorage`` is a table, so one scope's overrides are one allocation.
@usableFromInline
class TypeTable: @unchecked Sendable {
  // @unchecked: a table is written only before it is shared (copy-on-write by its owners).
  /// A key (never 0; 0 marks a free slot) and its value: a retained box, or, for a small
  /// trivially copyable value (see ``storesInline(_:)``), the value's own bits, marked by the
  /// key's low bit (keys are metadata pointers, so that bit is otherwise 0).
  @usableFromInline
  struct Entry {
    @usableFromInline var key: UInt
    @usableFromInline var word: UInt

    @inlinable init(key: UInt, word: UInt) {
      self.key = key
      self.word = word
    }

    @inlinable var isInline: Bool { key & 1 != 0 }
    @inlinable var plainKey: UInt { key & ~1 }
  }

  // Unchecked exclusivity: a table is written only before it is shared (see the type's
  // comment), so the dynamic checks would only slow every read down.
  @exclusivity(unchecked) @usableFromInline final var entries: UnsafeMutablePointer<Entry>?
  @exclusivity(unchecked) @usableFromInline final var capacity = 0
  @exclusivity(unchecked) @usableFromInline final var shift: UInt = 64
  @exclusivity(unchecked) @usableFromInline final private(set) var count = 0

  init() {}

  deinit {
    guard let entries else { return }
    for index in 0..<capacity where entries[index].key != 0 && !entries[index].isInline {
      Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entries[index].word)!).release()
    }
    entries.deallocate()
  }

  final var isEmpty: Bool { count == 0 }

  /// Whether values of type `Value` are stored in the entry itself rather than in a box: small
  /// and trivially copyable (numbers, flags, dates), so copying the bits is copying the value
  /// and nothing needs releasing. A constant once `Value` is known, so the check costs nothing.
  @inlinable
  static func storesInline<Value>(_: Value.Type) -> Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt>.size
  }

  /// An independent table with the same entries.
  final func copy() -> TypeTable {
    let table = TypeTable()
    table.overlay(self)
    return table
  }

  @inlinable
  final func slot(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The entry stored under `key`: valid while this table is alive and unchanged.
  @inlinable
  final func entry(_ key: UInt) -> Entry? {
    guard count != 0, let entries else { return nil }
    let mask = capacity &- 1
    var index = slot(for: key)
    while true {
      let entry = entries[index]
      if entry.plainKey == key { return entry }
      if entry.key == 0 { return nil }
      index = (index &+ 1) & mask
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
    return UnsafeRawPointer(bitPattern: entry.word)!.unboxed(as: Value.self)
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

  /// Puts an entry in its key's slot, giving back the retain of any box it replaces.
  @usableFromInline
  final func place(_ new: Entry) {
    // At most three quarters full: probes stay short, and ten overrides fit in sixteen slots.
    if (count + 1) * 4 > capacity * 3 { grow() }
    let mask = capacity - 1
    var index = slot(for: new.plainKey)
    while entries![index].key != 0 {
      let existing = entries![index]
      if existing.plainKey == new.plainKey {
        entries![index] = new
        if !existing.isInline {
          Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: existing.word)!).release()
        }
        return
      }
      index = (index + 1) & mask
    }
    entries![index] = new
    count += 1
  }

  private final func grow() {
    let old = entries
    let oldCapacity = capacity
    capacity = Swift.max(16, capacity * 2)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    entries = .allocate(capacity: capacity)
    entries!.initialize(repeating: Entry(key: 0, word: 0), count: capacity)
    count = 0
    guard let old else { return }
    // The entries move with their retains.
    for index in 0..<oldCapacity where old[index].key != 0 { place(old[index]) }
    old.deallocate()
  }

  /// Every entry of `other` is written over this table's. Only on a table no one else reads.
  final func overlay(_ other: TypeTable) {
    guard let otherEntries = other.entries else { return }
    for index in 0..<other.capacity where otherEntries[index].key != 0 {
      let entry = otherEntries[index]
      if !entry.isInline { _ = Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!).retain() }
      place(entry)
    }
  }

  /// The boxed entries, for slow paths (inline values have no box to hand out).
  final var boxes: [(key: UInt, box: AnyValueBox)] {
    guard let entries else { return [] }
    return (0..<capacity).compactMap { index in
      let entry = entries[index]
      guard entry.key != 0, !entry.isInline else { return nil }
      return (
        entry.key, Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: entry.word)!).takeUnretainedValue()
      )
    }
  }
}

extension TypeTable {
  /// The key under which `type` is stored.
  @inlinable
  static func key(_ type: any Any.Type) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type))
  }
}

extension UnsafeRawPointer {
  /// The value in the ``ValueBox`` this points to, read without retaining the box.
  @inlinable
  func unboxed<Value: Sendable>(as _: Value.Type) -> Value {
    Unmanaged<ValueBox<Value>>.fromOpaque(self)._withUnsafeGuaranteedRef { $0.value }
  }
}
