// How a scope makes the values it binds: copy-on-write of the overrides, merging a parent's
// values under a scope's, and the values a model keeps.

extension DependencyValues {
  /// These values as a model or scope keeps them: in a test process, values with nothing
  /// overridden point at the running test's root, so that later reads go straight there
  /// instead of asking which test is running. Elsewhere, unchanged.
  @inlinable
  var pinnedToRoot: DependencyValues {
    guard _overrides == nil, DefaultValueRoot.sharedStandsForRunningTest else { return self }
    return pinnedToRunningTest()
  }

  @usableFromInline
  func pinnedToRunningTest() -> DependencyValues {
    DependencyValues(overrides: TestRoots.runningTestNoOverrides, site: _site)
  }

  /// The set of overrides, created or copied first unless this value holds the only reference.
  var mutableOverrides: Overrides {
    mutating get {
      makeOverridesUnique()
      return _overrides!
    }
  }

  /// Makes `_overrides` a set of overrides only these values refer to: created, or copied if
  /// shared.
  @usableFromInline
  mutating func makeOverridesUnique() {
    // Every override a `withDependencies` sets after its first finds them unique already: that
    // check alone here, the rest out of line, so this path saves no registers for it.
    if _captured == nil, _overrides != nil, isKnownUniquelyReferenced(&_overrides) { return }
    makeOverridesUniqueOutOfLine()
  }

  /// The rest of ``makeOverridesUnique()``.
  @inline(never)
  private mutating func makeOverridesUniqueOutOfLine() {
    if _captured != nil {
      _overrides = flattenedOverrides
      _captured = nil
    }
    // This thread's spare, when it has one, rather than a new object (SpareOverrides.swift).
    guard _overrides != nil else {
      // The shared root lent as it is, not through `resolved`, which returns it retained: a
      // retain and a release less on every `withDependencies` outside a test.
      let shared = DefaultValueRoot.shared
      if shared.standsForRunningTest {
        _overrides = Overrides.spareOrNew(root: TestRoots.runningTestRoot)
      } else {
        _overrides = Overrides.spareOrNew(root: shared)
      }
      return
    }
    if !isKnownUniquelyReferenced(&_overrides) { _overrides = Overrides.spareOrCopy(of: _overrides!) }
  }

  /// These values with `other`'s overrides written over them; the read site stays this one's.
  @usableFromInline
  func merging(_ other: DependencyValues) -> DependencyValues {
    // Flattened: `other` may be values read through `@Dependency(\.self)`, bound as they were.
    guard let otherOverrides = other.flattenedOverrides, otherOverrides !== _overrides else { return self }
    guard let overrides = _overrides else { return DependencyValues(overrides: otherOverrides, site: _site) }
    return DependencyValues(overrides: overrides.overlaid(with: otherOverrides), site: _site)
  }

  /// These values, read on behalf of the declaration at `site` (or of none).
  func reading(at site: SitePointer?) -> DependencyValues {
    DependencyValues(overrides: flattenedOverrides, site: site)
  }

  /// The overrides as one object: a read's two layers (see `_captured`) merged.
  @usableFromInline
  var flattenedOverrides: Overrides? {
    guard let captured = _captured else { return _overrides }
    guard let overrides = _overrides else { return captured }
    return captured.overlaid(with: overrides)
  }
}
