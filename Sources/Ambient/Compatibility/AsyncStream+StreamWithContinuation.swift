extension AsyncStream {
  /// A stream and the continuation that feeds it, as swift-concurrency-extras'
  /// `streamWithContinuation` gives them; deprecated there and here in favour of the standard
  /// library's `makeStream(of:bufferingPolicy:)`, which returns the same pair (the migration
  /// tool rewrites the call).
  ///
  /// - Parameters:
  ///   - elementType: The type of the stream's elements.
  ///   - limit: How many elements the stream keeps while nobody iterates it.
  /// - Returns: The stream and its continuation.
  @available(*, deprecated, renamed: "makeStream(of:bufferingPolicy:)")
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    makeStream(of: elementType, bufferingPolicy: limit)
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A throwing stream and the continuation that feeds it, as swift-concurrency-extras'
  /// `streamWithContinuation` gives them; deprecated there and here in favour of the standard
  /// library's `makeStream(of:throwing:bufferingPolicy:)`.
  ///
  /// - Parameters:
  ///   - elementType: The type of the stream's elements.
  ///   - limit: How many elements the stream keeps while nobody iterates it.
  /// - Returns: The stream and its continuation.
  @available(*, deprecated, renamed: "makeStream(of:throwing:bufferingPolicy:)")
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    makeStream(of: elementType, throwing: (any Error).self, bufferingPolicy: limit)
  }
}
