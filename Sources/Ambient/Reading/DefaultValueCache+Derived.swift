// What a derived default's build reads (see `DerivedDependencyKey`): its inputs, recorded while
// it is built and kept beside the value, so that a read in a scope can tell whether the scope
// overrides any of them.

extension DefaultValueCache {
  /// Runs `build` with `dependencies` bound as values whose reads are recorded, and returns what
  /// it built with its inputs: the keys it read (`key` excluded) and, transitively, the inputs of
  /// the derived defaults among them.
  ///
  /// The values bound are a copy of `dependencies`' overrides whose watch word is the recorder's,
  /// so every read through them, or through a `@Dependency` made during the build, takes the
  /// watched path, which records it. The word is cleared when the build ends: a closure the value
  /// holds reads what it captured at the normal cost from then on.
  static func recordingInputs<Value>(
    of key: UInt, reading dependencies: DependencyValues, _ build: () -> Value
  ) -> (Value, DerivedInputs) {
    let values = dependencies.reading(at: nil)
    let recorder = TraceRecorder(recordingInputsWithin: values._overrides?.tracer)
    let recording =
      values._overrides.map { Overrides(copying: $0, tracer: recorder) }
      ?? Overrides(root: values.root.resolved, tracer: recorder)
    // Derived defaults the build reads are the scope's: built once for it, not for this copy.
    if let original = values._overrides, !original.isEmpty { recording.shareScopeRoot(of: original) }
    let value = DependencyValues.withBound(DependencyValues(overrides: recording), operation: build)
    var keys = recorder.stopRecordingInputs(lifetime: recording.root.lifetime)
    keys.remove(key)
    return (value, DerivedInputs.closing(keys, of: key))
  }
}

extension DerivedInputs {
  /// The inputs recorded for each derived key so far, from every build of it (shared or for a
  /// scope, in any root): a process-wide union, so that what one build learns serves every read.
  private static let known = LockIsolated<[UInt: Set<UInt>]>([:])

  /// `keys`, read by a build of `key`, with the known inputs of every derived key among them
  /// (transitively), added to `key`'s known inputs; the union is `key`'s inputs from now on.
  static func closing(_ keys: Set<UInt>, of key: UInt) -> DerivedInputs {
    known.withValue { known in
      var closed = keys
      var pending = Array(keys)
      while let next = pending.popLast() {
        for input in known[next] ?? [] where input != key && closed.insert(input).inserted { pending.append(input) }
      }
      known[key, default: []].formUnion(closed)
      return DerivedInputs(keys: known[key]!)
    }
  }
}

extension ValueBox {
  /// A box for `value`, the value of `Key`: a ``DerivedValueBox`` with no inputs for a derived
  /// key, so that every box a cache holds for such a key is one (a value set by
  /// `prepareDependencies` is never rebuilt).
  @usableFromInline
  static func boxing<Key: TestDependencyKey>(_ value: Key.Value, of _: Key.Type) -> AnyValueBox
  where Value == Key.Value {
    Key._derivesDefault ? DerivedValueBox(value, inputs: .none) : ValueBox(value)
  }
}
