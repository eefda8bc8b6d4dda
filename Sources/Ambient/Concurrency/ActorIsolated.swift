/// A value isolated to an actor of its own, as swift-concurrency-extras' `ActorIsolated`:
/// for test doubles whose recorded calls are read after `await`.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// let model = withDependencies {
///   $0.analytics.track = { event in await events.withValue { $0.append(event) } }
/// } operation: {
///   CheckoutModel()
/// }
/// await model.buy()
/// #expect(await events.value == ["buy"])
/// ```
///
/// ``LockIsolated`` does the same without `await`, and is what most doubles need.
///
/// - Important: Beside `import ConcurrencyExtras`, the type name is ambiguous; import the one
///   you mean (`import class ConcurrencyExtras.ActorIsolated`), as for ``LockIsolated``.
public final actor ActorIsolated<Value> {
  /// The value.
  public var value: Value

  /// Isolates `value` to a new actor.
  ///
  /// - Parameter value: The initial value; it belongs to the actor from now on.
  public init(_ value: sending Value) {
    self.value = value
  }

  /// Reads or changes the value on the actor.
  ///
  /// ```swift
  /// await counter.withValue { $0 += 1 }
  /// ```
  ///
  /// - Parameter operation: Gets the value to read or change in place.
  /// - Returns: What `operation` returns.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try operation(&value)
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: sending Value) {
    value = newValue
  }
}
