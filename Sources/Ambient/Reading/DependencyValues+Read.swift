import AmbientRuntime

// How a read looks a key up in a set of values: the subscript every `DependencyValues` property
// is backed by (steps 3 to 5 of the read path in README.md), and the way to a default that is not
// cached where the read looks first.

extension DependencyValues {
  /// The value of the dependency that `key` identifies: its override in this scope, or its
  /// default value for the current context.
  ///
  /// Use it to back the `DependencyValues` property you declare for a dependency.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    @inlinable
    get {
      // No `let` names a set of overrides here: a named reference lives to the end of its scope,
      // and the atomic loads on the way to a cached default (C functions, which Swift cannot see
      // into) would make the read retain it to keep it there. Unnamed, it is only borrowed.
      if _overrides == nil {
        // Nothing overridden: in the live context this is loads only, from the shared root.
        if let slot = DefaultValueRoot.liveSlotWhenLive,
          let value = DefaultValueCache.value(for: Key.self, in: slot)
        {
          return value
        }
        return uncachedDefault(Key.self)
      }
      // A trace records these values, or their test has ended: one relaxed load decides.
      if _overrides!.watch.isSet { return watchedRead(Key.self) }
      if let value = _overrides!.value(TypeTable.key(Key.self), as: Key.Value.self) { return value }
      // Defaults come from the captured root when there is one (a model's), else this one's. A
      // derived key's may be built again for its scope: decided by a constant once `Key` is
      // known, so other keys' code is as it was without it.
      if _captured == nil {
        if Key._derivesDefault { return derivedDefault(Key.self) }
        if let slots = _overrides!.defaultSlots,
          let value = DefaultValueCache.value(for: Key.self, in: slots.slot(for: _overrides!.context))
        {
          return value
        }
        return uncachedDefault(Key.self)
      }
      if _captured!.watch.isSet { return watchedRead(Key.self) }
      if let value = _captured!.value(TypeTable.key(Key.self), as: Key.Value.self) { return value }
      if Key._derivesDefault { return derivedDefault(Key.self) }
      if let slots = _captured!.defaultSlots,
        let value = DefaultValueCache.value(for: Key.self, in: slots.slot(for: readContext))
      {
        return value
      }
      return uncachedDefault(Key.self)
    }
    @inlinable
    set {
      makeOverridesUnique()
      // Sound because: these values hold the set of overrides for the whole setter, so it needs no
      // retain of its own; a reference taken out of a value being mutated would be retained and
      // released around every override.
      Unmanaged.passUnretained(_overrides!)._withUnsafeGuaranteedRef { overrides in
        guard overrides.preparedKeyNames == nil else {
          overrides.recordPreparedKey(Key.self)  // and boxed, to be handed to a cache
          overrides.insert(ValueBox.boxing(newValue, of: Key.self), for: TypeTable.key(Key.self))
          return
        }
        overrides.insertValue(newValue, for: TypeTable.key(Key.self))
      }
    }
  }

  /// The default value of `Key` when it is not cached where a read looks first: built, or found
  /// through the running test's root. Not inlined, to keep the read path small.
  @inlinable @inline(never)
  func uncachedDefault<Key: TestDependencyKey>(_: Key.Type) -> Key.Value {
    if _overrides == nil { DefaultValueRoot.publishLiveSlot() }
    return rootForUncachedRead(of: Key.self).cache(for: readContext).value(for: Key.self, values: self)
  }

  /// The context a read of these values chooses: the current overrides', else the captured ones'
  /// (`nil`: the root's default context).
  @inlinable
  var readContext: DependencyContext? {
    if let context = _overrides?.context { return context }
    return _captured?.context
  }

  /// The overrides, for slow paths that do not care whether there are any.
  var overrides: Overrides { _overrides ?? .empty }

  /// The root whose default values these values fall back to.
  @usableFromInline var root: DefaultValueRoot { _captured?.root ?? _overrides?.root ?? .shared }

  /// The context whose default values this scope reads.

  var resolvedContext: DependencyContext {
    readContext ?? root.resolved.defaultContext
  }
}
