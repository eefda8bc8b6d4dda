extension TypeTable {
  /// One entry of a table: a key (never 0, which marks a free entry in the hash table) and a word
  /// that holds the value one of three ways, told apart by the key's two low bits (keys are
  /// metadata pointers, so both are otherwise 0):
  ///
  /// - `00`: the word is a box (``ValueBox``), holding one retain of it, taken when the entry is
  ///   made and given back when it is replaced or the table is freed;
  /// - `01`: the word is the value's own bits, for a type that ``TypeTable/storesInline(_:)``;
  /// - `10`: the word is the table's own address, for the value it keeps in place.
  @usableFromInline
  struct Entry {
    @usableFromInline var key: UInt
    @usableFromInline var word: UInt

    @inlinable init(key: UInt, word: UInt) {
      self.key = key
      self.word = word
    }

    /// An entry that holds a retain of `box`.
    init(key: UInt, retaining box: AnyValueBox) {
      // Sound because: the retain taken here is the entry's, and `releaseBox()` gives it back
      // exactly once, when the entry is replaced or its table freed.
      self.init(key: key, word: UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
    }

    /// An entry that holds `value`'s bits; only for a type that ``TypeTable/storesInline(_:)``.
    @inlinable init<Value>(key: UInt, inline value: Value) {
      var word: UInt = 0
      withUnsafeMutableBytes(of: &word) { $0.storeBytes(of: value, as: Value.self) }
      self.init(key: key | 1, word: word)
    }

    @inlinable var isInline: Bool { key & 1 != 0 }
    /// Whether the value is the table's value in place.
    @inlinable var isInPlace: Bool { key & 2 != 0 }
    /// Whether `word` is a retained box.
    @inlinable var holdsBox: Bool { key & 3 == 0 && key != 0 }
    @inlinable var plainKey: UInt { key & ~3 }

    /// The value kept in the entry's bits.
    @inlinable func inlineValue<Value>(as _: Value.Type) -> Value {
      withUnsafeBytes(of: word) { $0.load(as: Value.self) }
    }

    /// The value in the entry's box, or the table's value in place, copied out.
    // Sound because the word is the address of a box the entry retains, or of the table that
    // keeps the value in place, and the caller keeps the entry's table alive for the read;
    // neither address is 0.
    @inlinable func boxedValue<Value: Sendable>(as _: Value.Type) -> Value {
      UnsafeRawPointer(bitPattern: word)!.valueWhereABoxKeepsIt(as: Value.self)
    }

    /// The entry's box, not retained: valid while the entry holds it.
    var box: AnyValueBox {
      // Sound because: the entry holds a retain of the box (`holdsBox`), so it is alive for as
      // long as the entry, which is what the caller is told it may rely on.
      Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeUnretainedValue()
    }

    /// Gives back the entry's retain of its box. Only for an entry that ``holdsBox``, once.
    func releaseBox() {
      // Sound because: balances the retain `init(key:retaining:)` took for this entry.
      Unmanaged<AnyValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).release()
    }
  }
}

// Sound because a box's one stored property follows the object's header (two words), aligned
// for `Value`, as Swift lays out a class's first stored property, and a table keeps its value in
// place at the same offset (its first stored property); `LayoutAssumptionsTests` fails, naming
// this assumption, if either layout changes. The caller keeps the box or table alive, and the
// key it looked up fixes `Value`, the type the value was stored as.
extension UnsafeRawPointer {
  /// The value stored where a ``ValueBox`` at this address keeps its value, copied out of
  /// memory: a box's value, or a table's value in place (whose entry holds the table's address).
  /// Read as memory, not as the box's property: code that is not specialised finds a generic
  /// class's field offsets through the object's own metadata, which for a table is not a box's.
  @inlinable
  func valueWhereABoxKeepsIt<Value: Sendable>(as _: Value.Type) -> Value {
    let afterHeader = self + 2 * MemoryLayout<UInt>.size
    // A constant test once `Value` is known: the header is 16 bytes, aligned for all but the
    // most aligned types.
    if MemoryLayout<Value>.alignment <= 2 * MemoryLayout<UInt>.size { return afterHeader.load(as: Value.self) }
    return afterHeader.alignedUp(for: Value.self).load(as: Value.self)
  }
}
