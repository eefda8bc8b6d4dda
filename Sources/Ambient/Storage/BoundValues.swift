/// The Swift runtime's task-local lookup: the value a task (or, outside any task, the thread)
/// has bound for `key`, in place, or `nil` when none is bound. `TaskLocal.get()` calls the same
/// function, with the `TaskLocal` object's address as the key, then copies the whole value out
/// through its generic value witness; a read that needs one field of it skips the copy.
@usableFromInline @_silgen_name("swift_task_localValueGet")
func runtimeTaskLocalValue(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension DependencyValues {
  /// The values bound by the innermost enclosing scope, read in place, or `nil` outside every
  /// scope (the values are then `DependencyValues(storage: nil)`, the task-local's default).
  ///
  /// Valid until the caller returns: the binding it points into outlives any synchronous code
  /// running inside it. Hot paths use it to look at `_storage` without copying the values
  /// (which would retain and release each of their references).
  @inlinable
  static var boundValues: UnsafePointer<DependencyValues>? {
    let key = UnsafeRawPointer(Unmanaged.passUnretained($_current).toOpaque())
    guard let raw = runtimeTaskLocalValue(key) else { return nil }
    return UnsafePointer(raw.assumingMemoryBound(to: DependencyValues.self))
  }

  /// The current values: what `_current` returns, copied field by field rather than through
  /// `TaskLocal.get()`'s generic value witness.
  @inlinable
  static var current: DependencyValues {
    guard let bound = boundValues else { return DependencyValues(storage: nil) }
    return bound.pointee
  }
}
