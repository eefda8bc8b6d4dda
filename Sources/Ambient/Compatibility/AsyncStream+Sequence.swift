extension AsyncStream {
  /// A stream of the elements of `sequence`, as swift-concurrency-extras' initialiser makes
  /// it; an error the sequence throws ends the stream.
  ///
  /// ```swift
  /// let changes = AsyncStream(NotificationCenter.default.notifications(named: .didChange).map { _ in })
  /// ```
  ///
  /// - Parameter sequence: The sequence to iterate, once, as the stream is iterated. Iterate
  ///   the stream from one task at a time, as with any `AsyncStream` built by unfolding.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element {
    let iterator = SequenceIterator(sequence.makeAsyncIterator())
    self.init(unfolding: { try? await iterator.next() })
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A throwing stream of the elements of `sequence`, as swift-concurrency-extras' initialiser
  /// makes it; an error the sequence throws ends the stream with that error.
  ///
  /// ```swift
  /// let lines = AsyncThrowingStream(url.lines)
  /// ```
  ///
  /// - Parameter sequence: The sequence to iterate, once, as the stream is iterated.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element {
    let iterator = SequenceIterator(sequence.makeAsyncIterator())
    self.init(unfolding: { try await iterator.next() })
  }
}

/// The iterator a stream made from a sequence pulls from, its type erased to the element's so
/// that the stream's closure captures no type of the sequence's.
private final class SequenceIterator<Element>: @unchecked Sendable {
  // @unchecked: a stream built by unfolding calls its closure for one element at a time
  // (a stream has one consumer), so the iterator inside `nextElement` is never used by two
  // tasks at once.
  private let nextElement: () async throws -> Element?

  init<Base: AsyncIteratorProtocol>(_ base: Base) where Base.Element == Element {
    var base = base
    nextElement = { try await base.next() }
  }

  func next() async throws -> Element? {
    try await nextElement()
  }
}
