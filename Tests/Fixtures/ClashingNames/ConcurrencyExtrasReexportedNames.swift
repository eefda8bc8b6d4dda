// The names swift-concurrency-extras declares that swift-dependencies re-exported and that
// Ambient now declares too, with ConcurrencyExtras' signatures. Each records its call
// in `CallLog`, so the clash tests can tell that an unqualified call reached this module.

extension AsyncSequence {
  /// Records `eraseToStream` in `CallLog`, then erases as ConcurrencyExtras does.
  public func eraseToStream() -> AsyncStream<Element> {
    CallLog.record("eraseToStream", "")
    return AsyncStream(self)
  }

  /// Records `eraseToThrowingStream` in `CallLog`, then erases as ConcurrencyExtras does.
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
    CallLog.record("eraseToThrowingStream", "")
    return AsyncThrowingStream(self)
  }
}

extension AsyncStream {
  /// Records `AsyncStream(sequence)` in `CallLog`; the stream finishes at once.
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element {
    CallLog.record("AsyncStream(sequence)", "")
    self.init { $0.finish() }
  }

  /// Records `AsyncStream.never` in `CallLog`; the stream finishes at once.
  public static var never: Self {
    CallLog.record("AsyncStream.never", "")
    return Self { $0.finish() }
  }

  /// Records `AsyncStream.finished` in `CallLog`.
  public static var finished: Self {
    CallLog.record("AsyncStream.finished", "")
    return Self { $0.finish() }
  }

  /// Records `streamWithContinuation` in `CallLog`, then makes the pair.
  @available(*, deprecated)
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    CallLog.record("streamWithContinuation", "")
    return makeStream(of: elementType, bufferingPolicy: limit)
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// Records `AsyncThrowingStream(sequence)` in `CallLog`; the stream finishes at once.
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element {
    CallLog.record("AsyncThrowingStream(sequence)", "")
    self.init { $0.finish() }
  }

  /// Records `AsyncThrowingStream.never` in `CallLog`; the stream finishes at once.
  public static var never: Self {
    CallLog.record("AsyncThrowingStream.never", "")
    return Self { $0.finish() }
  }

  /// Records `AsyncThrowingStream.finished` in `CallLog`.
  public static func finished(throwing error: Failure? = nil) -> Self {
    CallLog.record("AsyncThrowingStream.finished", "")
    return Self { $0.finish(throwing: error) }
  }
}

extension Result where Failure == any Error {
  /// Records `Result(catching:)` in `CallLog`, then runs `body`.
  public init(catching body: () async throws -> Success) async {
    CallLog.record("Result(catching:)", "")
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}

extension Task where Failure == Never {
  /// Records `Task.never` in `CallLog`, then throws `CancellationError` at once.
  public static func never() async throws -> Success {
    CallLog.record("Task.never", "")
    throw _Concurrency.CancellationError()
  }
}

/// A value isolated to an actor, as ConcurrencyExtras' `ActorIsolated` is.
public final actor ActorIsolated<Value> {
  /// The value.
  public var value: Value

  /// Isolates `value`.
  public init(_ value: sending Value) { self.value = value }

  /// Changes the value on the actor.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try operation(&value)
  }
}
