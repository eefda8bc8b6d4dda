// Copies, overlays and walks of a table: the slow paths of copy-on-write and of
// `prepareDependencies`, which never run on a read.

extension TypeTable {
  /// Calls `body` with every entry, in the object or in the hash table.
  final func forEachEntry(_ body: (Entry) -> Void) {
    guard let entries = storage.entries else {
      withEntriesInObject { inObject in
        for index in 0..<storage.count { body(inObject[index]) }
      }
      return
    }
    for index in 0..<storage.capacity where entries[index].key != 0 { body(entries[index]) }
  }

  /// An independent table with the same entries.
  final func copy() -> TypeTable {
    let table = TypeTable()
    table.overlay(self)
    return table
  }

  /// Every entry of `other` is written over this table's. Only on a table no one else reads.
  final func overlay(_ other: TypeTable) {
    other.forEachEntry { entry in
      if entry.isInPlace {
        insertCopyOfValueInPlace(of: other, for: entry.plainKey)
      } else if entry.holdsBox {
        place(Entry(key: entry.key, retaining: entry.box))
      } else {
        place(entry)
      }
    }
  }

  /// The boxed entries (inline values and the value in place have no box to hand out).
  final var boxes: [(key: UInt, box: AnyValueBox)] {
    var boxes: [(key: UInt, box: AnyValueBox)] = []
    forEachEntry { entry in
      if entry.holdsBox { boxes.append((entry.key, entry.box)) }
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
        boxes.append((entry.key, entry.box))
      } else if let keyType = Self.keyType(entry.plainKey) as? any TestDependencyKey.Type {
        boxes.append((entry.plainKey, boxedValue(keyType, key: entry.plainKey)))
      }
    }
    return boxes
  }

  /// The value stored under `key`, whose key type is `Key`, in a box of its own.
  private final func boxedValue<Key: TestDependencyKey>(_: Key.Type, key: UInt) -> AnyValueBox {
    ValueBox.boxing(value(key, as: Key.Value.self)!, of: Key.self)
  }
}
