import Foundation

/// A value guarded by a lock, for test doubles that record calls from any thread.
///
/// ```swift
/// let tracked = LockIsolated<[String]>([])
/// let model = withDependencies {
///   $0.analytics.track = { event in tracked.withValue { $0.append(event) } }
/// } operation: {
///   CheckoutModel()
/// }
/// model.buy()
/// #expect(tracked.value == ["buy"])
/// ```
///
/// ``withValue(_:)`` changes the value where it is stored: appending to an array it holds
/// does not copy the array. The value may be of a type that is not `Sendable`: it is handed
/// over when it is stored (`sending`) and only lent to ``withValue(_:)``, which cannot let it
/// escape, while ``value`` is offered for `Sendable` values only.
///
/// - Important: Inside ``withValue(_:)``, use the value the closure receives; reading or
///   changing the same `LockIsolated` there again is an overlapping access, which Swift stops
///   the program for.
///
/// It exists because `Synchronization.Mutex` needs iOS 18 and macOS 15.
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked: every access to `_value` holds `lock`, and a non-`Sendable` value only
  // enters as `sending` and leaves through `inout sending`, so no other region keeps it.
  private var _value: Value
  // Recursive so that an overlapping access from inside `withValue` reaches Swift's
  // exclusivity check, which names the problem, instead of deadlocking silently.
  private let lock = NSRecursiveLock()

  /// Guards `value`.
  ///
  /// - Parameter value: The initial value; it belongs to the lock from now on.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public init(_ value: sending Value) {
    _value = value
  }

  /// Reads or changes the value under the lock, as one step, in place.
  ///
  /// ```swift
  /// let count = events.withValue { events in
  ///   events.append("buy")
  ///   return events.count
  /// }
  /// ```
  ///
  /// - Parameter operation: Receives the stored value to read or mutate; it must not keep it.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; changes it made before throwing are kept.
  public func withValue<T: Sendable>(_ operation: (inout sending Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try operation(&_value)
  }

  /// Replaces the value under the lock.
  ///
  /// - Parameter newValue: The new value; it belongs to the lock from now on.
  public func setValue(_ newValue: sending Value) {
    lock.lock()
    defer { lock.unlock() }
    _value = newValue
  }
}

extension LockIsolated where Value: Sendable {
  /// A copy of the current value, read under the lock.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return _value
  }
}
