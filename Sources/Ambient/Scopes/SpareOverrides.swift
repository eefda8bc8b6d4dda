import AmbientRuntime

// A spare set of overrides per thread: what lets a synchronous `withDependencies` allocate no
// object of its own.
//
// Each scope that overrides something makes a set of overrides (one object) and, unless a model
// or an escaping closure captured it, frees it when the scope ends: an allocation, its
// initialisation, its deinitialisation and its free on every `withDependencies`, about a fifth
// of what one with ten overrides costs. So when a scope ends and its set of overrides is held by
// nothing else, it is emptied and kept as its thread's spare, and the next set of overrides a
// scope makes on that thread is the spare, when there is one over the same root.
//
// - Only what nothing else holds is kept: the end of the scope holds the set of overrides across
//   the binding's end and keeps it only if its own reference is then the only one. A model, an
//   escaping closure or a child task that captured it holds a reference, so it is not kept.
// - Emptying gives back everything the scope stored (each box, the value in place) before the
//   object is kept, so no value outlives its scope, and the next scope starts from no entries.
// - A spare is not counted in the process's bound overrides (BoundOverrides.swift): it leaves
//   the count when it is emptied, which is when its deinit would have run (no binding can hold
//   it), and enters it again when a scope takes it, before anything can bind it, as a new set
//   of overrides does.
// - One per thread, in a thread-local (`ambient_thread_spare_overrides`): no other thread sees
//   it, so there is no lock and no atomic, and nesting keeps only one (a scope that ends while
//   its thread has a spare frees its set of overrides as before). A thread's spare is given
//   back when the thread exits.
// - Only sets of overrides over the process's shared root are kept, with no trace and no
//   preparation's scratch, and only while their entries are in the object (no hash table): a
//   spare holds nothing but itself and that root, which lives for the process. A test's root,
//   which holds the test's default values, is never kept alive by one.
// - The read path is unchanged: reads never look at the spare.

extension Overrides {
  /// Overrides over `root`, counted in the process's bound overrides: this thread's spare when
  /// it has one over `root`, else new.

  static func spareOrNew(root: DefaultValueRoot) -> Overrides {
    if let spare = takeSpare(over: root) { return spare }
    return Overrides(root: root)
  }

  /// A copy of `other`, counted in the process's bound overrides: this thread's spare with
  /// `other`'s entries and context, when it has one over `other`'s root and `other` has no trace
  /// and is no preparation's scratch (the spare has neither), else new.

  static func spareOrCopy(of other: Overrides) -> Overrides {
    guard other.tracer == nil, other.preparedKeyNames == nil, let spare = takeSpare(over: other.root) else {
      return Overrides(copying: other)
    }
    spare.context = other.context
    spare.overlay(other)
    return spare
  }

  /// This thread's spare, counted in the bound overrides, if it has one over `root`; a spare over
  /// another root is freed.
  private static func takeSpare(over root: DefaultValueRoot) -> Overrides? {
    guard let raw = ambient_spare_overrides_take() else { return nil }
    // Sound because: the thread's word held the one retain `keepAsSpare` gave it, and taking
    // the word empties it, so this balances it.
    let spare = Unmanaged<Overrides>.fromOpaque(raw).takeRetainedValue()
    guard spare.root === root else { return nil }
    spare.countAsBound()
    return spare
  }

  /// The address of `overrides`, for ``isOnlyReference(toObjectAt:)``.
  // Sound because: only the address is taken, and no reference is made of it but the one
  // `isOnlyReference(toObjectAt:)` makes while its caller still holds the object.
  static func address(of overrides: Overrides) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(overrides).toOpaque())
  }

  /// Whether the set of overrides at `address` has one strong reference: the caller's, which it
  /// borrows (a scope's values). `isKnownUniquelyReferenced` needs a variable it can take by
  /// `inout`; the caller's reference is borrowed, and copying it would count twice.
  // Sound because: a class reference is one word holding the object's address, so the word
  // rebound as an `Overrides` reference is one; the caller keeps the object alive meanwhile;
  // `isKnownUniquelyReferenced` only reads the object's count, and the word, which never
  // retained it, is never released (it is a pointer again when the closure returns).
  static func isOnlyReference(toObjectAt address: UnsafeRawPointer) -> Bool {
    var word = address
    return withUnsafeMutablePointer(to: &word) {
      $0.withMemoryRebound(to: Overrides.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
    }
  }

  /// Empties `overrides`, whose one strong reference the caller holds, and keeps it as this
  /// thread's spare if it can be one and the thread has none; otherwise it is freed when the
  /// caller's reference goes.
  static func keepAsSpare(_ overrides: Overrides) {
    guard overrides.isCountedAsBound, overrides.entries == nil, overrides.tracer == nil,
      overrides.preparedKeyNames == nil, overrides.root === DefaultValueRoot.shared,
      !ambient_spare_overrides_present()
    else { return }
    // Its values go now, as they would have with the object: their deinits may run any code,
    // even a scope that leaves a spare of its own (checked again below).
    overrides.removeAllInObject()
    overrides.context = nil
    overrides.isCountedAsBound = false
    ambient_bound_overrides_add(-1)
    guard !ambient_spare_overrides_present() else { return }
    // Sound because: the word keeps this retain until `takeSpare` or `releaseSpare` gives it
    // back; the caller's reference, the only other one, goes when its scope ends.
    ambient_spare_overrides_keep(Unmanaged.passRetained(overrides).toOpaque(), releaseSpare)
  }
}

/// Gives back a thread's spare when the thread exits (`ambient_register_spare_release`).
// Sound because: the exiting thread's word held the retain `keepAsSpare` gave it.
private func releaseSpare(_ spare: UnsafeMutableRawPointer) {
  Unmanaged<Overrides>.fromOpaque(spare).release()
}
