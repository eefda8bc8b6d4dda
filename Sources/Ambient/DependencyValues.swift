/// The values of every dependency in a scope: what `@Dependency` reads and what
/// `withDependencies` changes.
///
/// Add a dependency by extending it with a property backed by a ``DependencyKey``:
///
/// ```swift
/// nonisolated extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// `nonisolated` keeps the property off the main actor in targets whose declarations are on it
/// by default (Xcode 26 app targets), so that `@Dependency(\.apiClient)` can read it from any
/// thread; it needs Swift 6.1 or later, and changes nothing elsewhere. See
/// <doc:MainActorAppTargets>.
///
/// A value that was not overridden is the key's default for the current ``DependencyContext``:
/// built on first read, then cached once per key, per context and per test, and read without
/// a lock afterwards. Copying `DependencyValues` is a retain, not a dictionary copy.
///
/// ## Where the current values come from
///
/// The current values live in a task-local (`_current`), so they follow structured
/// concurrency: child tasks, `async let` and task groups inherit them. `Task.detached`,
/// `DispatchQueue` callbacks and other escaping closures start from the defaults instead;
/// carry values into them with ``withEscapedDependencies(_:)``.
public struct DependencyValues: Sendable {
  /// The values in the current scope, as `withDependencies` and the test traits bound them.
  ///
  /// Read-only: change the values with `withDependencies`. Reading a dependency through it
  /// (`DependencyValues._current.apiClient`) is what `@Dependency` does when nothing was
  /// captured.
  ///
  /// Public, and underscored, for code written for swift-dependencies, which binds values
  /// captured elsewhere onto a thread or a callback through the task-local itself:
  ///
  /// ```swift
  /// let values = DependencyValues._current
  /// DispatchQueue.global().async {
  ///   DependencyValues.$_current.withValue(values) {
  ///     // Reads here, and models created here, see `values`.
  ///   }
  /// }
  /// ```
  ///
  /// That works as it does there. Prefer ``withEscapedDependencies(_:)`` in new code. Every
  /// `DependencyValues` that overrides something is counted in the process's bound overrides
  /// from the moment it exists (`BoundOverrides.swift`), so binding it this way needs no step
  /// of its own for reads elsewhere to stay correct.
  @TaskLocal public static var _current = DependencyValues(overrides: nil)

  /// The overrides, or `nil` for none over the shared root. `nil` is the common case, and
  /// copying it retains nothing, so reads from many threads never contend on a reference count.
  @usableFromInline var _overrides: Overrides?

  /// The `@Dependency` declaration these values are being read for (an unretained, interned
  /// ``ReadSite``), so that a default value built on a miss can name it. Set only on the
  /// private copies a wrapper reads through; never on values that a scope binds.
  @usableFromInline var _site: SitePointer?

  /// For a read of a model's captured values where other values are current: the captured
  /// overrides, consulted after `_overrides` (the current ones, which win), and the root whose
  /// defaults the read uses. Two references instead of a merged copy, so such a read
  /// allocates nothing. Only ever set on the values a `@Dependency` read passes to its key path;
  /// anything that binds or changes values flattens them first (``reading(at:)``).
  @usableFromInline var _captured: Overrides?

  /// Whether a scope that binds these values starts its own default values (see
  /// `FreshDefaultValues.swift`): true for values made whole, as by `DependencyValues()`.
  /// Copies keep it; values made by merging or capturing do not.
  var startsFreshDefaults = false

  /// Values with nothing overridden.
  ///
  /// Read directly, they read the default values of the current context. Bound whole in a
  /// `withDependencies` update closure (`$0 = DependencyValues()`, like `$0 = .live`), they
  /// start that scope from new default values: each key read there is built anew, once, for
  /// that scope.
  public init() {
    startsFreshDefaults = true
  }

  @inlinable
  init(overrides: Overrides?, site: SitePointer? = nil) {
    _overrides = overrides
    _site = site
  }

  /// `current`'s overrides over `captured`'s, with `captured`'s defaults, for one read.
  @inlinable
  init(reading current: Overrides?, over captured: Overrides?, site: SitePointer?) {
    _overrides = current
    _captured = captured
    _site = site
  }

  /// Values that start from `root`'s default values instead of the process's shared ones.
  init(root: DefaultValueRoot) {
    _overrides = Overrides(root: root)
  }

  /// Values that read live defaults, whatever the process's context. Bound whole in an update
  /// closure (`$0 = .live`), they start that scope from new default values.
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// Values that read preview defaults, whatever the process's context. Bound whole in an
  /// update closure (`$0 = .preview`), they start that scope from new default values.
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// Values that read test defaults, whatever the process's context. Bound whole in an update
  /// closure (`$0 = .test`), they start that scope from new default values.
  public static var test: DependencyValues { DependencyValues(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    mutableOverrides.context = context
  }

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
      // Defaults come from the captured root when there is one (a model's), else this one's.
      if _captured == nil {
        if let slots = _overrides!.defaultSlots,
          let value = DefaultValueCache.value(for: Key.self, in: slots.slot(for: _overrides!.context))
        {
          return value
        }
        return uncachedDefault(Key.self)
      }
      if _captured!.watch.isSet { return watchedRead(Key.self) }
      if let value = _captured!.value(TypeTable.key(Key.self), as: Key.Value.self) { return value }
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
      // Unretained: these values hold the set of overrides for the whole setter, and a reference
      // taken out of a value being mutated would be retained and released around every override.
      Unmanaged.passUnretained(_overrides!)._withUnsafeGuaranteedRef { overrides in
        guard overrides.preparedKeyNames == nil else {
          overrides.recordPreparedKey(Key.self)  // and boxed, to be handed to a cache
          overrides.insert(ValueBox(newValue), for: TypeTable.key(Key.self))
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

  /// The context whose default values this scope reads.
 
  var resolvedContext: DependencyContext {
    readContext ?? root.resolved.defaultContext
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
      _overrides = Overrides.spareOrNew(root: DefaultValueRoot.shared.resolved)
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
