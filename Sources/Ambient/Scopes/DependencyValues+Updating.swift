public import AmbientRuntime

extension DependencyValues {
  /// Whether values are being changed here and now: a `withDependencies` update closure, a
  /// test trait's closure or `prepareDependencies` is running on this thread (or, for an
  /// asynchronous closure, in this task).
  ///
  /// Overriding part of a dependency through a key path (`$0[keyPath: \.date.now] = …`, as the
  /// `.dependency` trait does) runs the dependency's getter first, and a test value's getter
  /// may report (the unimplemented `date` does). That read is not the test using the
  /// dependency, so `reportIssue` drops what is reported meanwhile.
  static var isUpdating: Bool { ambient_updating_get() || isUpdatingInTask }

  /// Set while an asynchronous update closure runs: it can suspend and resume on another
  /// thread, which a thread-local would not follow.
  @TaskLocal static var isUpdatingInTask = false

  // Synchronous closures are marked with a thread-local instead (`ambient_updating_exchange`):
  // setting and restoring it costs far less than binding a task-local on every `withDependencies`.

  /// A copy with `update` applied. Reads inside `update` see these values.
  func updated(by update: (inout DependencyValues) throws -> Void) rethrows -> DependencyValues {
    var values = self
    try Self.whileUpdating { try update(&values) }
    return values
  }

  /// Runs synchronous `body`, which changes values, marked as doing so on this thread.

  static func whileUpdating<R>(_ body: () throws -> R) rethrows -> R {
    let wasUpdating = ambient_updating_exchange(true)
    defer { ambient_updating_exchange(wasUpdating) }
    return try body()
  }

  /// A copy with asynchronous `update` applied. Reads inside `update` see these values.
  func updated(
    isolation: isolated (any Actor)? = #isolation,
    by update: (inout DependencyValues) async throws -> Void
  ) async rethrows -> DependencyValues {
    var values = self
    try await DependencyValues.$isUpdatingInTask.withValue(true) {
      try await update(&values)
    }
    return values
  }

  /// Runs `operation` as code that changes no values, even when it was started from an update
  /// closure (a `withDependencies` nested in one): what it reports is reported.
  ///
  /// Only this thread's mark is lifted: a synchronous `withDependencies` nested directly in an
  /// asynchronous update closure still runs its operation as part of that closure, because
  /// asking the task-local here would slow every `withDependencies` down.
  @inlinable
  static func outsideUpdate<R>(_ operation: () throws -> R) rethrows -> R {
    guard ambient_updating_get() else { return try operation() }
    ambient_updating_exchange(false)
    defer { ambient_updating_exchange(true) }
    return try operation()
  }

  /// Runs asynchronous `operation` as code that changes no values; see the synchronous form.
  static func outsideUpdate<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    guard isUpdatingInTask else { return try await operation() }
    return try await $isUpdatingInTask.withValue(false, operation: operation)
  }
}
