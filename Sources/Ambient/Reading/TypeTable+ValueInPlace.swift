// One small value that is not trivially copyable, such as a client of up to four closures, kept
// in the table object itself instead of a box of its own, so that overriding it allocates
// nothing beyond the set of overrides: "withDependencies, 1 override, struct of closures" costs
// 1,394 instructions instead of 1,677 (callgrind).
//
// Its entry holds the table's own address, and the value sits where a box keeps its value (the
// first stored property, right after the object's header), so a read reads it as it reads a
// box's (`valueWhereABoxKeepsIt(as:)`), with no check of its own on the read path.

extension TypeTable {
  /// Whether a value of type `Value` that is not stored inline can be kept in place: up to 64
  /// bytes, aligned as a word is. A constant once `Value` is known.
  @inlinable
  static func fitsInPlace<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<WordsInPlace>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// The address of the value in place: where the object's stored properties start.
  // Sound because `storage` is the table's first stored property and `valueInPlace` its first
  // field, so they start here (`LayoutAssumptionsTests` checks it); the table outlives every use,
  // which is inside its own methods or the read of an entry that its owner keeps alive.
  @inlinable
  final var memoryInPlace: UnsafeMutableRawPointer {
    _getUnsafePointerToStoredProperties(self)
  }

  /// Keeps `value` in place under `key` if it fits and no other key's value is there; returns
  /// whether it did. Only on a table no one else reads.
  @inlinable
  final func insertInPlace<Value: Sendable>(_ value: Value, for key: UInt) -> Bool {
    guard Self.fitsInPlace(Value.self), storage.keyInPlace == 0 || storage.keyInPlace == key else { return false }
    // Sound because: the memory is the table's own, typed as `Value` while `keyInPlace` is this
    // key (the key fixes the type), and destroyed through `typeInPlace` before it holds another.
    if storage.keyInPlace == key {
      memoryInPlace.assumingMemoryBound(to: Value.self).pointee = value
    } else {
      memoryInPlace.initializeMemory(as: Value.self, to: value)
      storage.keyInPlace = key
      storage.typeInPlace = Value.self
    }
    place(Entry(key: key | 2, word: UInt(bitPattern: ObjectIdentifier(self))))
    return true
  }

  /// Destroys the value in place; its entry is gone or being replaced.
  @usableFromInline
  final func destroyValueInPlace() {
    // Sound because: the memory holds a `typeInPlace` value, initialised by `insertInPlace`.
    func destroy<Value>(_: Value.Type) { memoryInPlace.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
    if let typeInPlace = storage.typeInPlace { destroy(typeInPlace) }
    storage.keyInPlace = 0
    storage.typeInPlace = nil
  }

  /// Stores a copy of `other`'s value in place, which is `key`'s, in this table.
  final func insertCopyOfValueInPlace(of other: TypeTable, for key: UInt) {
    func copy<Value: Sendable>(_: Value.Type) {
      // Sound because: `other` holds a `typeInPlace` value in place, for `key`.
      insertValue(other.memoryInPlace.assumingMemoryBound(to: Value.self).pointee, for: key)
    }
    if let type = other.storage.typeInPlace { copy(type) }
  }
}
