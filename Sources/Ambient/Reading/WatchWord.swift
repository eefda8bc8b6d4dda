public import AmbientRuntime

/// The word every read of a set of overrides checks before taking its fast path: non-zero sends
/// every read of that set of overrides to ``DependencyValues/watchedRead(_:)``, which records it in
/// a trace or reports that it came after its test ended.
///
/// A set of overrides points at its tracer's word while a trace records it, else at its root's test
/// lifetime's, else at ``unwatched``, which is never set: one relaxed load of a word that stays
/// in cache, so reads that nothing watches pay nothing measurable for the feature.
@usableFromInline
struct WatchWord: @unchecked Sendable {
  // @unchecked: the word is only loaded and stored atomically; its owner (a root's lifetime, a
  // tracer, or the process) outlives every set of overrides that points at it.
  // Sound because the owner frees the word only in its deinit, and every set of overrides that
  // points at it holds that owner (its tracer, or its root, which holds its lifetime), so the
  // word outlives every read through them. `unwatched`'s is never freed.
  @usableFromInline let word: UnsafeMutablePointer<UnsafeRawPointer?>
  init(word: UnsafeMutablePointer<UnsafeRawPointer?>) { self.word = word }

  /// Whether reads through it must take the watched path.
  // Sound because relaxed suffices: the word only sends a read to the watched path, which reads
  // the trace or the test's end under their locks; a read that sees it set late takes the fast
  // path, as it would have a moment earlier.
  @inlinable
  var isSet: Bool { ambient_atomic_load_relaxed(word) != nil }

  /// Sends every later read to the watched path.
  // Sound because: see `isSet`; what the watched path needs is published under its locks.
  func set() { ambient_atomic_store_release(word, UnsafeRawPointer(bitPattern: 1)) }

  /// Sends later reads back to the fast path: only for the word of a derived default's build
  /// (a reader that still sees it set takes the watched path once more, which records nothing).
  // Sound because: see `isSet`.
  func clear() { ambient_atomic_store_release(word, nil) }

  /// The word of sets of overrides nothing watches.
  static let unwatched = WatchWord(word: allocateWord())

  /// A word of its own, clear; its owner deallocates it.
  // Sound because the word is initialised before it is returned, so before anyone can load it.
  static func allocateWord() -> UnsafeMutablePointer<UnsafeRawPointer?> {
    let word = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
    word.initialize(to: nil)
    return word
  }
}
