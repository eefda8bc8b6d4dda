extension Task where Success == Never, Failure == Never {
  /// Suspends the current task `count` times, each time letting other tasks on the global
  /// executor run, for a test whose background work has no event to await.
  ///
  /// ```swift
  /// model.startObserving()
  /// await Task.megaYield()
  /// #expect(model.isObserving)
  /// ```
  ///
  /// Each of the `count` rounds awaits a background-priority task that itself yields, so work
  /// that is queued at any priority gets turns before this task resumes. It makes such tests
  /// more likely to pass, not certain: prefer awaiting what you expect (a ``TestClock``, a
  /// stream, a task's value), or `withMainSerialExecutor` to make the
  /// order deterministic.
  ///
  /// - Parameter count: How many rounds to yield; 20 by default, as in swift-concurrency-extras.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static func megaYield(count: Int = 20) async {
    for _ in 0..<max(0, count) {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }.value
    }
  }
}
