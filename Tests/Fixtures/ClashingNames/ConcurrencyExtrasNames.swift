import Foundation

// The names swift-concurrency-extras (module ConcurrencyExtras) declares that Ambient declares
// too, with its signatures, so the clash tests see what a file importing both sees.

/// A value behind a lock, as ConcurrencyExtras' `LockIsolated` is.
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked: `_value` is only read or written while `lock` is held.
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Guards `value`.
  public init(_ value: sending @autoclosure () throws -> sending Value) rethrows {
    _value = try value()
  }

  /// Reads or changes the value under the lock.
  public func withValue<T>(_ operation: sending (inout sending Value) throws -> sending T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try operation(&_value)
  }
}

extension LockIsolated where Value: Sendable {
  /// A copy of the value.
  public var value: Value { withValue { $0 } }
}

/// A value carried across concurrency domains unchecked, as ConcurrencyExtras' is.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked: by definition, as in the module it mimics.

  /// The wrapped value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }

  /// Wraps `value`, as a property wrapper.
  public init(wrappedValue value: Value) { self.value = value }

  /// The wrapped value.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The wrapper.
  public var projectedValue: Self { self }

  /// A member of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }
}

extension Task where Success == Never, Failure == Never {
  /// Records `count` in `CallLog` under `megaYield`, then yields once.
  public static func megaYield(count: Int = 20) async {
    CallLog.record("megaYield", "\(count)")
    await Task<Never, Never>.yield()
  }
}

/// Runs `operation` and records the call in `CallLog` under `withMainSerialExecutor(async)`.
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @MainActor @Sendable () async throws -> Void
) async rethrows {
  CallLog.record("withMainSerialExecutor(async)", "")
  try await operation()
}

/// Runs `operation` and records the call in `CallLog` under `withMainSerialExecutor`.
public func withMainSerialExecutor(@_implicitSelfCapture operation: () throws -> Void) rethrows {
  CallLog.record("withMainSerialExecutor", "")
  try operation()
}

/// Always `false`; setting it records the new value in `CallLog` and installs nothing.
public var uncheckedUseMainSerialExecutor: Bool {
  get { false }
  set { CallLog.record("uncheckedUseMainSerialExecutor", "\(newValue)") }
}
