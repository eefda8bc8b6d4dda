extension AsyncSequence {
  /// This sequence as an `AsyncStream`, as swift-concurrency-extras' `eraseToStream()` gives
  /// it: for a dependency endpoint that returns `AsyncStream<Element>` whatever sequence
  /// backs it.
  ///
  /// ```swift
  /// static let liveValue = Notifications(
  ///   changes: { NotificationCenter.default.notifications(named: .didChange).map { _ in }.eraseToStream() }
  /// )
  /// ```
  ///
  /// The stream iterates this sequence when it is iterated. An error the sequence throws ends
  /// the stream, as swift-concurrency-extras' does; use `eraseToThrowingStream()`
  /// to keep it.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public func eraseToStream() -> AsyncStream<Element> {
    AsyncStream(self)
  }

  /// This sequence as an `AsyncThrowingStream`, as swift-concurrency-extras'
  /// `eraseToThrowingStream()` gives it; an error the sequence throws ends the stream with that
  /// error.
  ///
  /// ```swift
  /// let lines: AsyncThrowingStream<String, any Error> = url.lines.eraseToThrowingStream()
  /// ```
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream(self)
  }
}
