/// An open-addressing hash table from a word-sized key (a type's metadata pointer, or a
/// test token) to a box, built for reads that count no references.
///
/// `Dictionary` hashes with SipHash, which costs more than the rest of a dependency read put
/// together; metadata pointers are already unique, so a multiplicative hash is enough here.
/// Entries are plain data (key and box pointer) in memory the table owns; each entry holds one
/// retain of its box, taken on insertion and given back on replacement or deinit, so a lookup
/// is loads only: no retain, no release, nothing written that another core reading the same
/// table would have to wait for.
///
/// A reference type whose owners copy it before changing a shared one (``copy()``). Not final:
/// ``OverrideStorage`` is a table, so one scope's overrides are one allocation.
@usableFromInline
class TypeTable: @unchecked Sendable {
  // @unchecked: a table is written only before it is shared (copy-on-write by its owners).
  @usableFromInline
  struct Entry {
    @usableFromInline var key: UInt
    @usableFromInline var box: UnsafeRawPointer?
  }

  // Unchecked exclusivity: a table is written only before it is shared (see the type's
  // comment), so the dynamic checks would only slow every read down.
  @exclusivity(unchecked) @usableFromInline var entries: UnsafeMutablePointer<Entry>?
  @exclusivity(unchecked) @usableFromInline var capacity = 0
  @exclusivity(unchecked) @usableFromInline var shift: UInt = 64
  @exclusivity(unchecked) @usableFromInline private(set) var count = 0

  init() {}

  deinit {
    guard let entries else { return }
    for index in 0..<capacity {
      if let box = entries[index].box { Unmanaged<AnyValueBox>.fromOpaque(box).release() }
    }
    entries.deallocate()
  }

  final var isEmpty: Bool { count == 0 }

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

  /// The box stored under `key`, unretained: valid while this table is alive.
  @inlinable
  final func rawBox(_ key: UInt) -> UnsafeRawPointer? {
    guard count != 0, let entries else { return nil }
    let mask = capacity &- 1
    var index = slot(for: key)
    while true {
      let entry = entries[index]
      if entry.key == key { return entry.box }
      if entry.box == nil { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// The box stored under `key`, retained: for slow paths.
  final func lookup(_ key: UInt) -> AnyValueBox? {
    rawBox(key).map { Unmanaged<AnyValueBox>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Stores `box` under `key`, replacing what was there. Only on a table no one else reads.
  @usableFromInline
  final func insert(_ box: AnyValueBox, for key: UInt) {
    let raw = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
    // At most three quarters full: probes stay short, and ten overrides fit in sixteen slots.
    if (count + 1) * 4 > capacity * 3 { grow() }
    place(raw, for: key)
  }

  /// Puts a retained box pointer in `key`'s slot, giving back the retain of any box it replaces.
  private final func place(_ raw: UnsafeRawPointer, for key: UInt) {
    let mask = capacity - 1
    var index = slot(for: key)
    while let existing = entries![index].box {
      if entries![index].key == key {
        entries![index].box = raw
        Unmanaged<AnyValueBox>.fromOpaque(existing).release()
        return
      }
      index = (index + 1) & mask
    }
    entries![index] = Entry(key: key, box: raw)
    count += 1
  }

  private final func grow() {
    let old = entries
    let oldCapacity = capacity
    capacity = Swift.max(16, capacity * 2)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    entries = .allocate(capacity: capacity)
    entries!.initialize(repeating: Entry(key: 0, box: nil), count: capacity)
    count = 0
    guard let old else { return }
    // The entries move with their retains.
    for index in 0..<oldCapacity {
      if let box = old[index].box { place(box, for: old[index].key) }
    }
    old.deallocate()
  }

  /// Every entry of `other` is written over this table's. Only on a table no one else reads.
  final func overlay(_ other: TypeTable) {
    for (key, box) in other { insert(box, for: key) }
  }
}

extension TypeTable: Sequence {
  @usableFromInline
  func makeIterator() -> some IteratorProtocol<(key: UInt, box: AnyValueBox)> {
    let entries = self.entries
    return (0..<capacity).lazy.compactMap { index -> (key: UInt, box: AnyValueBox)? in
      guard let entry = entries?[index], let box = entry.box else { return nil }
      return (entry.key, Unmanaged<AnyValueBox>.fromOpaque(box).takeUnretainedValue())
    }.makeIterator()
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
