import AmbientRuntime

// A read of a derived default through values that override something (see
// `DerivedDependencyKey`): step 5 of the read path, for keys that opted in.
//
// The shared default is built from the root's values alone, and its build records its inputs
// (`DefaultValueCache+Derived.swift`). A read in a scope that overrides none of them returns it;
// a scope that overrides one has the default built again, once, from its own values, in a root
// of its own that the scope's overrides hold (`TypeTable.Storage.scopeRoot`) and that goes with
// them. A model read under another scope (two layers of overrides) reads the default of the
// layer that decides every input's value; when the two layers decide different inputs, the
// default is built for that read alone.

extension DependencyValues {
  /// The default of `Key`, a derived key, read through these values, which override something.
  /// Out of line, like `uncachedDefault`, and specialised, so the value comes back directly.
  @inlinable @inline(never)
  func derivedDefault<Key: TestDependencyKey>(_: Key.Type) -> Key.Value {
    // Most scopes override none of the inputs, and the keys' bits say so: no inputs to look at.
    let (shared, overridden) = sharedDerivedDefault(Key.self)
    guard let inputs = overridden else { return shared }
    switch derivedScope(for: inputs) {
    case .shared:
      return shared
    case .scope(let scope):
      return derivedDefault(of: Key.self, in: scope)
    case .thisReadAlone:
      return derivedDefaultForThisReadAlone(Key.self)
    }
  }

  /// The default of `Key` built for this read alone, in a root of its own, dropped after it.
  @usableFromInline
  func derivedDefaultForThisReadAlone<Key: TestDependencyKey>(_: Key.Type) -> Key.Value {
    DefaultValueRoot(isForScope: true).cache(for: resolvedContext).value(for: Key.self, values: self)
  }

  /// The default shared by every scope, with the inputs its build read if the values' keys may
  /// hold one of them (`nil`: they hold none).
  // Always inlined: called, it returned the value and the inputs through memory, and "@Dependency
  // read of a derived default, another dependency overridden" cost 338 instructions instead of 283.
  @inlinable @inline(__always)
  func sharedDerivedDefault<Key: TestDependencyKey>(_: Key.Type) -> (Key.Value, DerivedInputs?) {
    // No `let` or `??` names a set of overrides: either would retain it for the read.
    let keyBits = _overrides!.storage.keyBits | (_captured == nil ? 0 : _captured!.storage.keyBits)
    if let slots = _captured == nil ? _overrides!.defaultSlots : _captured!.defaultSlots {
      let slot = slots.slot(for: readContext)
      // Marked as a read, and the value copied and the inputs retained before its end, as in
      // `DefaultValueCache.value(for:in:)`.
      let found = ConcurrentTable<AnyValueBox>.withReading {
        ConcurrentTable<AnyValueBox>.rawElement(TypeTable.key(Key.self), in: slot).map {
          DerivedValueBox<Key.Value>.contents(at: $0, inputsUnlessNoneIn: keyBits)
        }
      }
      if let found { return found }
    }
    let (value, inputs) = buildSharedDerivedDefault(Key.self)
    return (value, inputs.bits & keyBits == 0 ? nil : inputs)
  }

  /// The shared default, built if it was not, from the root's values alone, in the read's
  /// context: a scope that overrides one of its inputs must not leave its values in the default
  /// every other scope shares.
  @usableFromInline
  func buildSharedDerivedDefault<Key: TestDependencyKey>(_: Key.Type) -> (Key.Value, DerivedInputs) {
    let sharedRoot = rootForUncachedRead(of: Key.self)
    let cache = sharedRoot.cache(for: readContext)
    var rootValues = DependencyValues(root: sharedRoot)
    rootValues._overrides!.context = readContext
    rootValues._site = _site
    let value = cache.value(for: Key.self, values: rootValues)
    let inputs = (cache.values.lookup(TypeTable.key(Key.self)) as? any DerivedInputsCarrying)?.inputs ?? .none
    return (value, inputs)
  }

  /// Which default a read of a derived key with `inputs` takes.
  @usableFromInline
  enum DerivedScope {
    /// The shared default: no layer overrides an input.
    case shared
    /// The default built for this scope's overrides, which decide every input's value.
    case scope(Overrides)
    /// A default built for this read: its two layers decide different inputs.
    case thisReadAlone
  }

  @usableFromInline
  func derivedScope(for inputs: DerivedInputs) -> DerivedScope {
    let current = _overrides!
    guard let captured = _captured else { return current.overridesAny(of: inputs) ? .scope(current) : .shared }
    let inCurrent = current.overridesAny(of: inputs)
    let inCaptured = captured.overridesAny(of: inputs)
    if !inCurrent && !inCaptured { return .shared }
    // The model's own scope decides, unless the current one overrides an input with another value
    // (the common case in a test: the model was made in a scope copied from the test's).
    if current.context == nil || current.context == captured.context,
      inputs.keys.allSatisfy({ current.entry($0) == nil || current.holdsSame($0, as: captured) })
    {
      return inCaptured ? .scope(captured) : .shared
    }
    // The current scope decides when it overrides every input the model's scope does.
    if captured.context == nil || current.context != nil,
      inputs.keys.allSatisfy({ captured.entry($0) == nil || current.entry($0) != nil })
    {
      return .scope(current)
    }
    return .thisReadAlone
  }

  /// The default of `Key` built for `scope`, from `scope`'s values: once for the scope.
  @inlinable
  func derivedDefault<Key: TestDependencyKey>(of _: Key.Type, in scope: Overrides) -> Key.Value {
    let root = scope.derivedRoot
    let context = scope.ownContext
    if let value = DefaultValueCache.value(for: Key.self, in: root.slots.slot(for: context)) { return value }
    return buildDerivedDefault(Key.self, in: scope, root: root, context: context)
  }

  /// The default of `Key` built for `scope`, the first time a read in it asks.
  @usableFromInline
  func buildDerivedDefault<Key: TestDependencyKey>(
    _: Key.Type, in scope: Overrides, root: DefaultValueRoot, context: DependencyContext
  ) -> Key.Value {
    root.cache(for: context).value(for: Key.self, values: DependencyValues(overrides: scope, site: _site))
  }
}

extension DerivedValueBox {
  /// The value of the box at `raw`, copied, and its inputs, retained, unless none of their bits
  /// is in `keyBits` (then `nil`).
  // Sound because: every entry of a derived key's cache is a `DerivedValueBox` of the key's
  // value: a build makes one (`DefaultValueCache.build`), a preparation boxes with
  // `ValueBox.boxing(_:of:)`; and the caller is inside a read, which keeps the box alive.
  @inlinable
  static func contents(at raw: UnsafeRawPointer, inputsUnlessNoneIn keyBits: UInt) -> (Value, DerivedInputs?) {
    Unmanaged<DerivedValueBox<Value>>.fromOpaque(raw)._withUnsafeGuaranteedRef {
      ($0.value, $0.inputs.bits & keyBits == 0 ? nil : $0.inputs)
    }
  }
}

extension Overrides {
  /// Whether these overrides hold any of `inputs`: one `and` when they hold none, as most do.
  @usableFromInline
  func overridesAny(of inputs: DerivedInputs) -> Bool {
    storage.keyBits & inputs.bits != 0 && inputs.keys.contains { entry($0) != nil }
  }

  /// Whether these overrides and `other` hold the same value under `key`: the same box, the same
  /// bits, or, kept in place, the same bytes, which a copy of a value has (its references are
  /// the same objects).
  func holdsSame(_ key: UInt, as other: Overrides) -> Bool {
    guard let mine = entry(key), let theirs = other.entry(key) else { return false }
    guard mine.isInPlace && theirs.isInPlace else { return mine.key == theirs.key && mine.word == theirs.word }
    guard let type = storage.typeInPlace, type == other.storage.typeInPlace else { return false }
    func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
    // Sound because: both tables hold a `type` value in place (their entries say so), which
    // lives in their own memory while they are alive, and only its bytes are compared.
    return UnsafeRawBufferPointer(start: memoryInPlace, count: size(type))
      .elementsEqual(UnsafeRawBufferPointer(start: other.memoryInPlace, count: size(type)))
  }

  /// The context these overrides' values read in when nothing is layered over them.
  @usableFromInline
  var ownContext: DependencyContext { context ?? root.resolved.defaultContext }

  /// The root of the derived defaults built for this scope, made by the first read that needs it.
  // Sound because: the word is only loaded with acquire ordering and stored, once, with release
  // ordering under `scopeRootLock`; it lives in these overrides' table, which the caller holds.
  @usableFromInline
  var derivedRoot: DefaultValueRoot {
    if let raw = ambient_atomic_load_acquire(scopeRootWord) { return DefaultValueRoot.unretained(raw) }
    return Self.scopeRootLock.withLock {
      if let raw = ambient_atomic_load_acquire(scopeRootWord) { return DefaultValueRoot.unretained(raw) }
      let root = DefaultValueRoot(isForScope: true)
      // Sound because: the word holds this one retain until the table's `releaseContents()`
      // gives it back (its deinit, or a spare's emptying, when no one else can read it); the
      // release store publishes the root whole to the acquire loads above.
      ambient_atomic_store_release(scopeRootWord, Unmanaged.passRetained(root).toOpaque())
      return root
    }
  }

  /// Makes these overrides, a copy of `original` that no one else holds yet, read the derived
  /// defaults built for `original` (and build theirs there).
  func shareScopeRoot(of original: Overrides) {
    // Sound because: the retain is this word's, given back by `releaseContents()`; no one else can
    // read the word before the caller shares these overrides.
    ambient_atomic_store_release(scopeRootWord, Unmanaged.passRetained(original.derivedRoot).toOpaque())
  }

  /// Serialises the making of scopes' roots; held only to make one.
  private static let scopeRootLock = Lock()
}

extension TypeTable {
  /// The address of ``Storage/scopeRoot``, for its atomic loads and stores.
  // Sound because: `storage` starts where the object's stored properties do (`memoryInPlace`,
  // checked by `LayoutAssumptionsTests`), `offset(of:)` is the field's place in it, and the
  // table outlives every use, which is inside its own methods.
  var scopeRootWord: UnsafeMutablePointer<UnsafeRawPointer?> {
    (memoryInPlace + MemoryLayout<Storage>.offset(of: \.scopeRoot)!).assumingMemoryBound(to: UnsafeRawPointer?.self)
  }

  /// Gives back the retain of a scope's root that ``Storage/scopeRoot`` held.
  // Sound because: balances the retain `Overrides.derivedRoot` published in the word.
  func releaseScopeRoot(_ raw: UnsafeRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(raw).release()
  }
}

extension DefaultValueRoot {
  /// The root a scope's word holds.
  // Sound because: the word holds a retain of it for as long as the scope's overrides, which
  // the reader holds, are alive.
  static func unretained(_ raw: UnsafeRawPointer) -> DefaultValueRoot {
    Unmanaged<DefaultValueRoot>.fromOpaque(raw).takeUnretainedValue()
  }
}
