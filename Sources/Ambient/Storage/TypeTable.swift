/// An open-addressing hash table from a word-sized key (a type's metadata pointer, or a
/// test token) to a box.
///
/// `Dictionary` hashes with SipHash, which costs more than the rest of a dependency read put
/// together; metadata pointers are already unique, so a multiplicative hash is enough here.
/// The table is a value: mutation copies its buffer unless it is uniquely referenced.
struct TypeTable: @unchecked Sendable {
  private struct Entry {
    var key: UInt
    var box: AnyValueBox?
  }

  private var entries: [Entry] = []
  private var shift: UInt = 64
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  private func slot(for key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inline(__always)
  func lookup(_ key: UInt) -> AnyValueBox? {
    guard count != 0 else { return nil }
    return entries.withUnsafeBufferPointer { buffer in
      let mask = buffer.count &- 1
      var index = slot(for: key)
      while true {
        let entry = buffer[index]
        if entry.key == key { return entry.box }
        if entry.box == nil { return nil }
        index = (index &+ 1) & mask
      }
    }
  }

  subscript(key: UInt) -> AnyValueBox? {
    get { lookup(key) }
    set {
      if let newValue { insert(newValue, for: key) } else { remove(key) }
    }
  }

  mutating func insert(_ box: AnyValueBox, for key: UInt) {
    if (count + 1) * 2 > entries.count { grow() }
    let mask = entries.count - 1
    var index = slot(for: key)
    while let existing = entries[index].box {
      _ = existing
      if entries[index].key == key {
        entries[index].box = box
        return
      }
      index = (index + 1) & mask
    }
    entries[index] = Entry(key: key, box: box)
    count += 1
  }

  mutating func remove(_ key: UInt) {
    guard lookup(key) != nil else { return }
    // Rebuilding keeps probing simple (no tombstones); removal is rare (resets only).
    var rebuilt = TypeTable()
    for (otherKey, box) in self where otherKey != key { rebuilt.insert(box, for: otherKey) }
    self = rebuilt
  }

  private mutating func grow() {
    let capacity = Swift.max(8, entries.count * 2)
    let old = entries
    entries = Array(repeating: Entry(key: 0, box: nil), count: capacity)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    count = 0
    for entry in old { if let box = entry.box { insert(box, for: entry.key) } }
  }

  /// Every entry of `other` is written over this table's.
  mutating func overlay(_ other: TypeTable) {
    for (key, box) in other { insert(box, for: key) }
  }
}

extension TypeTable: Sequence {
  func makeIterator() -> some IteratorProtocol<(key: UInt, box: AnyValueBox)> {
    entries.lazy.compactMap { entry in entry.box.map { (key: entry.key, box: $0) } }.makeIterator()
  }
}

extension TypeTable {
  /// The key under which `type` is stored.
  @inline(__always)
  static func key(_ type: Any.Type) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type))
  }
}
