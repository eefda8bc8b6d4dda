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
/// It exists because `Synchronization.Mutex` needs iOS 18 and macOS 15.
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Guards `value`.
  ///
  /// - Parameter value: The initial value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    _value = try value()
  }

  /// The current value, read under the lock.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return _value
  }

  /// Reads or changes the value under the lock, as one step.
  ///
  /// - Parameter operation: Receives the value to read or mutate.
  /// - Returns: What `operation` returns.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    var value = _value
    defer { _value = value }
    return try operation(&value)
  }

  /// Replaces the value under the lock.
  ///
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    lock.lock()
    defer { lock.unlock() }
    _value = try newValue()
  }
}
