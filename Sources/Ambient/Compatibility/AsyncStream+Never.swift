extension AsyncStream {
  /// A stream that never yields and never finishes (until the task iterating it is
  /// cancelled), as swift-concurrency-extras declares it: the test value of an endpoint whose
  /// events a test does not care about.
  ///
  /// ```swift
  /// $0.notifications.changes = { .never }
  /// ```
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static var never: Self {
    Self { _ in }
  }

  /// A stream that has finished: it yields nothing, and its iteration ends at once.
  ///
  /// ```swift
  /// $0.notifications.changes = { .finished }
  /// ```
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A throwing stream that never yields and never finishes (until the task iterating it is
  /// cancelled), as swift-concurrency-extras declares it.
  ///
  /// ```swift
  /// $0.downloads.progress = { _ in .never }
  /// ```
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static var never: Self {
    Self { _ in }
  }

  /// A throwing stream that has finished, with `error` or without one.
  ///
  /// ```swift
  /// $0.downloads.progress = { _ in .finished(throwing: URLError(.notConnectedToInternet)) }
  /// ```
  ///
  /// - Parameter error: The error iterating it throws; `nil` to end it without one.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}
