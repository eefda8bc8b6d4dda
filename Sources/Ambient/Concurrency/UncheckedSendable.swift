/// Carries a value the compiler cannot prove `Sendable` across a concurrency boundary, on your
/// word that it is used safely: the same shape as swift-concurrency-extras' `UncheckedSendable`.
///
/// ```swift
/// let formatter = UncheckedSendable(NumberFormatter())  // only ever used on one task at a time
/// Task { print(formatter.value.string(from: 42) ?? "") }
///
/// // As a property wrapper:
/// @UncheckedSendable var legacyCache = LegacyCache()
/// ```
///
/// Member access reads through to the value (`formatter.numberStyle`), and the projected value
/// (`$legacyCache`) is the wrapper itself, to hand to another task.
///
/// - Important: Nothing checks the promise. Prefer a `Sendable` type, or ``LockIsolated`` for
///   mutable state shared between tasks; reach for this only for a value that you know is never
///   used from two places at once.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked: by definition; the caller vouches for how `value` is used.

  /// The wrapped value.
  public var value: Value

  /// Wraps `value`.
  ///
  /// - Parameter value: A value to carry across concurrency boundaries.
  // Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
  @_disfavoredOverload
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps `value`, as a property wrapper: `@UncheckedSendable var cache = LegacyCache()`.
  ///
  /// - Parameter value: A value to carry across concurrency boundaries.
  public init(wrappedValue value: Value) {
    self.value = value
  }

  /// The wrapped value, as a property wrapper.
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The wrapper itself, so `$property` can be handed to another task.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a member of the wrapped value.
  ///
  /// - Parameter keyPath: The member to read.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Reads or changes a member of the wrapped value.
  ///
  /// - Parameter keyPath: The member to read or change.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
