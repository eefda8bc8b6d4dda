public import AmbientRuntime

/// The Swift runtime's task-local lookup: the value a task (or, outside any task, the thread)
/// has bound for `key`, in place, or `nil` when none is bound. `TaskLocal.get()` calls the same
/// function, with the `TaskLocal` object's address as the key, then copies the whole value out
/// through its generic value witness; a read that needs one field of it skips the copy.
///
/// Sound because: `@inlinable` reads inline this call into clients' binaries, so it must stay
/// valid against every later runtime, and it does. The runtime exports the function by this
/// name with this signature (`SWIFT_EXPORT_FROM(swift_Concurrency) SWIFT_CC(swift) OpaqueValue
/// *swift_task_localValueGet(const HeapObject *key)` in `swift/Runtime/Concurrency.h`) since
/// the Swift 5.1 concurrency ABI; it is one of the runtime's compatibility-override entry
/// points, whose names and signatures back-deployment libraries patch and so cannot change;
/// and the stdlib's own `_Concurrency` declares it the same way. Its siblings
/// `swift_task_localValuePush` and `swift_task_localValuePop` are already in every client that
/// binds a task-local, since `TaskLocal.withValue` is `@inlinable` (`nm -u` on any object that
/// binds one lists them). What the pointer points at is only our own `DependencyValues`, which
/// `withBound` bound with the same type.
@usableFromInline @_silgen_name("swift_task_localValueGet")
func runtimeTaskLocalValue(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension DependencyValues {
  /// The values bound by the innermost enclosing scope, read in place, or `nil` outside every
  /// scope (the values are then `DependencyValues(overrides: nil)`, the task-local's default).
  ///
  /// Valid until the caller returns: the binding it points into outlives any synchronous code
  /// running inside it. Hot paths use it to look at `_overrides` without copying the values
  /// (which would retain and release each of their references).
  // Sound because the runtime returns the value stored in the innermost binding of `_current`,
  // a `TaskLocal<DependencyValues>`, which binds nothing but a `DependencyValues`: that is the
  // type the memory holds. Bindings are pushed and popped strictly nested around synchronous
  // code, so the one found stays in place until the caller, running inside it, returns; callers
  // use the pointer only until then, never across a suspension.
  @inlinable
  static var boundValues: UnsafePointer<DependencyValues>? {
    guard let raw = runtimeTaskLocalValue(currentValuesKey) else { return nil }
    return UnsafePointer(raw.assumingMemoryBound(to: DependencyValues.self))
  }

  /// The key of the `_current` task-local: the address of its `TaskLocal` object.
  /// Loaded from a C global rather than through the static's accessor, which checks its lazy
  /// initialisation with a call on every read (a twentieth of a live read's time).
  // Sound because the key is only passed to the runtime, which compares it with the keys of
  // bindings; it is the address of an object that lives for the process (see below).
  @inlinable
  static var currentValuesKey: UnsafeRawPointer {
    if let key = ambient_current_values_key() { return key }
    return publishCurrentValuesKey()
  }

  /// Looks the key up once and publishes it for ``currentValuesKey``.
  // Sound because the `TaskLocal` object is a static's, alive for the process, so its unretained
  // address stays valid; and its address is the key `TaskLocal` itself binds and looks up with.
  @usableFromInline @inline(never)
  static func publishCurrentValuesKey() -> UnsafeRawPointer {
    let key = UnsafeRawPointer(Unmanaged.passUnretained($_current).toOpaque())
    ambient_publish_current_values_key(key)
    return key
  }

  /// The current values: what `_current` returns, copied field by field rather than through
  /// `TaskLocal.get()`'s generic value witness.
  @inlinable
  static var current: DependencyValues {
    guard let bound = boundValues else { return DependencyValues(overrides: nil) }
    return bound.pointee
  }

  /// Runs `body` with these values bound, as ``withBound(_:operation:)`` does, but binds nothing when
  /// they are already the bound ones (the same overrides, no read site; nothing bound counts
  /// as empty overrides): the common case for a default built on a read of `_current`.
  ///
  /// Inside a task, each binding is allocated by the task's own allocator, which keeps the
  /// memory of its deepest point until the task is freed, and Swift Testing keeps every
  /// finished case's task until its test ends: a binding that is not needed costs each case.
  func boundUnlessBound<R>(_ body: () throws -> R) rethrows -> R {
    if isBound { return try body() }
    return try Self.withBound(self, operation: body)
  }

  /// Whether binding these values would change nothing that reads of `_current` see.
  private var isBound: Bool {
    guard _captured == nil, _site == nil, !startsFreshDefaults else { return false }
    guard let bound = Self.boundValues?.pointee else { return _overrides == nil }
    return bound._overrides === _overrides && bound._captured == nil && bound._site == nil
      && !bound.startsFreshDefaults
  }
}
