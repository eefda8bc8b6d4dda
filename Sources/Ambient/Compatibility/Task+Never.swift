extension Task where Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`, as
  /// swift-concurrency-extras' `Task.never()` does: the test value of an endpoint that should
  /// wait for ever.
  ///
  /// ```swift
  /// $0.apiClient.fetchItems = { try await Task.never() }
  /// ```
  ///
  /// - Returns: Never; it only throws.
  /// - Throws: `CancellationError` once the task is cancelled.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static func never() async throws -> Success {
    // A stream that never yields ends its iteration when the task is cancelled.
    var iterator = AsyncStream<Success> { _ in }.makeAsyncIterator()
    if let element = await iterator.next() { return element }
    // Qualified: inside an extension of Task, the bare name fails to type-check (Swift 6.3).
    throw _Concurrency.CancellationError()
  }
}
