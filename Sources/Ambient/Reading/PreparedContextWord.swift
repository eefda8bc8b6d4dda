public import AmbientRuntime

/// The context that `prepareDependencies` chose for one root, or none: one atomic word, because
/// every read of a default value that does not choose a context asks it. The word is the root's
/// (in the same allocation as its slots); this only reads and writes it.
@usableFromInline
struct PreparedContextWord: @unchecked Sendable {
  // @unchecked: the word is only loaded and stored atomically, and lives as long as its root.
  // Sound because the word is in its root's slot memory, which the root keeps allocated, and the
  // root holds this value: the word outlives it.
  @usableFromInline let word: UnsafeMutablePointer<UnsafeRawPointer?>
  /// The context kept in `word`, which must hold `nil` (no context) or a context stored here.
  init(word: UnsafeMutablePointer<UnsafeRawPointer?>) { self.word = word }

  /// The prepared context, if there is one.
  var context: DependencyContext? {
    switch Self.index(at: word, else: -1) {
    case 0: .live
    case 1: .preview
    case 2: .test
    default: nil
    }
  }

  /// The index (`DependencyContext.index`) of the context prepared in `word` (kept as plain
  /// data by hot paths), else `otherwise`.
  // Sound because `word` is a root's (`DefaultSlots.preparedContext`), kept allocated while the
  // caller's overrides hold that root; and the word is the whole message, a context's position,
  // so the acquire (paired with the release in `store(_:)`) needs to order nothing else.
  @inlinable
  static func index(at word: UnsafeMutablePointer<UnsafeRawPointer?>, else otherwise: Int) -> Int {
    // 0 is "none", so each context is stored as its index plus one (see `store(_:)`).
    let position = Int(bitPattern: UInt(bitPattern: ambient_atomic_load_acquire(word)))
    return position == 0 ? otherwise : position - 1
  }

  /// Publishes `context` to every later read.
  // Sound because: the release that `index(at:else:)`'s acquire pairs with; the caller holds the
  // caches' lock, so no two stores race (`DefaultValueRoot.prepare`).
  func store(_ context: DependencyContext) {
    ambient_atomic_store_release(word, UnsafeRawPointer(bitPattern: UInt(context.index + 1)))
  }
}

extension DefaultValueRoot {
  /// The context of reads of this root that choose none: the one `prepareDependencies` chose,
  /// else the one detected for the process.
  var defaultContext: DependencyContext { preparedContext.context ?? .detected }
}
