/// How a `@Dependency` gets its value out of a set of values: the closure its initialiser was
/// given (for a key path literal, a direct call of the property's getter).
///
/// A struct of its own, so that it can be copied as plain bits (``unretained``) and turned back
/// into itself without going through a generic function type: a closure passed to a generic
/// function as itself would first be re-wrapped (reabstracted) into a new closure, whose bits
/// would point at that temporary wrapper instead of at the closure this struct holds.
///
/// What the bits buy, in instructions per operation (callgrind), against `wrappedValue` passing
/// the reader itself to `Dependency.read`: "@Dependency read (live default)" 186 → 133,
/// "@Dependency read (overridden)" 232 → 160, "@Dependency read (overridden), struct of
/// closures" 397 → 323, "@Dependency read under another scope than its model's" 376 → 303,
/// "@Dependency read inside a Swift Testing test" 235 → 157. With the reader itself, every read
/// made one `swift_retain` and one `swift_release` of a shared object: the wrapper's copy, kept
/// across the call (see ``unretained``).
@usableFromInline
struct DependencyReader<Value>: Sendable {
  @usableFromInline let read: @Sendable (DependencyValues) -> Value

  @inlinable
  init(_ read: @escaping @Sendable (DependencyValues) -> Value) {
    self.read = read
  }

  /// This reader's bits, its function and its context, with no reference counted.
  ///
  /// Why it exists: a `@Dependency` read out of a class's stored property copies the wrapper
  /// first, and the copy retains every reference in it while anything it calls runs. Reads of
  /// one model from many threads would all write the reference counts of what the wrapper
  /// holds, which every model of a scope shares (its captured overrides). A read that takes
  /// only plain data out of the wrapper before it calls anything lets the optimiser drop that
  /// copy, so those counts are never touched (see `Dependency.wrappedValue`).
  // Sound because a closure is two words, its function and its context (a reference, or 0 for
  // none), and a struct of one closure is laid out as that closure, so the bits are the reader's
  // own words; `LayoutAssumptionsTests` fails, naming this assumption, if a reader is not two
  // words or a context-free closure's context is not 0. Copying bits retains nothing, and they
  // become a reader again only while the reader they came from is alive (``Unretained``).
  @inlinable
  var unretained: Unretained {
    Unretained(bits: unsafeBitCast(self, to: (UInt, UInt).self))
  }

  /// A ``DependencyReader``'s bits, held without owning its context.
  @usableFromInline
  struct Unretained: @unchecked Sendable {
    // @unchecked: plain bits of a Sendable reader, turned back into it only by
    // `Dependency.read(_:_:over:site:)` while the wrapper they came from is alive.
    @usableFromInline let bits: (UInt, UInt)

    @inlinable
    init(bits: (UInt, UInt)) {
      self.bits = bits
    }

    /// The reader again, as a copy of its own (its context retained): valid only while the
    /// reader these bits came from is alive.
    // Sound because the bits are a reader's own words (``DependencyReader/unretained``), and that
    // reader, which holds a reference to the context, is alive: the cast's result is a copy,
    // which Swift retains the context for as for any copy (`LayoutAssumptionsTests` checks that
    // it reads as the original).
    @inlinable
    var reader: DependencyReader<Value> {
      unsafeBitCast(bits, to: DependencyReader<Value>.self)
    }

    /// Whether the reader's closure has no context: a key path literal's or a key's, once the
    /// optimiser specialised it where the wrapper was made. Calling it then needs no reference.
    @inlinable
    var isContextFree: Bool { bits.1 == 0 }

    /// The reader of a context-free closure, rebuilt with a context the compiler can see is
    /// `nil`, so that its copy retains nothing and makes no call to do so. Only when
    /// ``isContextFree``.
    // Sound because, when ``isContextFree``, these are the reader's own two words: the constant
    // 0 only lets the compiler see that there is no context to retain.
    @inlinable
    var contextFreeReader: DependencyReader<Value> {
      unsafeBitCast((bits.0, 0 as UInt), to: DependencyReader<Value>.self)
    }
  }
}
