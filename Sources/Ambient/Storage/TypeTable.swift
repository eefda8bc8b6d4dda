/// An open-addressing hash table from a word-sized key (a type's metadata pointer, or a
/// test token) to a box, built for reads that count no references.
///
/// `Dictionary` hashes with SipHash, which costs more than the rest of a dependency read put
/// together; metadata pointers are already unique, so a multiplicative hash is enough here.
/// Entries are plain data (key and unretained box pointer) in memory the table owns, and the
/// boxes are kept alive by `owners`, so a lookup is loads only: no retain, no release, nothing
/// written that another core reading the same table would have to wait for.
///
/// A reference type whose owners copy it before changing a shared one (``copy()``).
@usableFromInline
final class TypeTable: @unchecked Sendable {
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
  /// Keeps every box an entry points to alive (including ones since overwritten).
  @exclusivity(unchecked) private var owners: [AnyValueBox] = []

  init() {
    owners.reserveCapacity(8)
  }

  deinit { entries?.deallocate() }

  var isEmpty: Bool { count == 0 }

  /// An independent table with the same entries.
  func copy() -> TypeTable {
    let table = TypeTable()
    for (key, box) in self { table.insert(box, for: key) }
    return table
  }

  @inlinable
  func slot(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The box stored under `key`, unretained: valid while this table is alive.
  @inlinable
  func rawBox(_ key: UInt) -> UnsafeRawPointer? {
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
  func lookup(_ key: UInt) -> AnyValueBox? {
    rawBox(key).map { Unmanaged<AnyValueBox>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Stores `box` under `key`, replacing what was there. Only on a table no one else reads.
  @usableFromInline
  func insert(_ box: AnyValueBox, for key: UInt) {
    // At most three quarters full: probes stay short, and ten overrides fit in sixteen slots.
    if (count + 1) * 4 > capacity * 3 { grow() }
    owners.append(box)
    let raw = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
    let mask = capacity - 1
    var index = slot(for: key)
    while entries![index].box != nil {
      if entries![index].key == key {
        entries![index].box = raw
        return
      }
      index = (index + 1) & mask
    }
    entries![index] = Entry(key: key, box: raw)
    count += 1
  }

  private func grow() {
    let old = entries
    let oldCapacity = capacity
    capacity = Swift.max(16, capacity * 2)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    entries = .allocate(capacity: capacity)
    entries!.initialize(repeating: Entry(key: 0, box: nil), count: capacity)
    count = 0
    guard let old else { return }
    for index in 0..<oldCapacity {
      let entry = old[index]
      if let box = entry.box {
        insert(Unmanaged<AnyValueBox>.fromOpaque(box).takeUnretainedValue(), for: entry.key)
      }
    }
    old.deallocate()
  }

  /// Every entry of `other` is written over this table's. Only on a table no one else reads.
  func overlay(_ other: TypeTable) {
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
