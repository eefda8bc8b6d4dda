// swift-dependencies' scoping functions from before `withDependencies`, deprecated there and
// here with the same message, so code that still calls them compiles (with its warning) while it
// moves to `withDependencies`.

extension DependencyValues {
  /// Runs `operation` with the dependency at `keyPath` set to `value`.
  ///
  /// Deprecated as in swift-dependencies: write
  /// `withDependencies { $0[keyPath: keyPath] = value } operation: { … }`.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to set.
  ///   - value: Its value for `operation`.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value,
    operation: () throws -> R
  ) rethrows -> R {
    try withDependencies {
      $0[keyPath: keyPath] = value
    } operation: {
      try operation()
    }
  }

  /// Runs the asynchronous `operation` with the dependency at `keyPath` set to `value`.
  ///
  /// Deprecated as in swift-dependencies: write
  /// `await withDependencies { $0[keyPath: keyPath] = value } operation: { … }`.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to set.
  ///   - value: Its value for `operation`.
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await withDependencies {
      $0[keyPath: keyPath] = value
    } operation: {
      try await operation()
    }
  }

  /// Runs `operation` with the values `updateValuesForOperation` sets.
  ///
  /// Deprecated as in swift-dependencies: write `withDependencies(_:operation:)`, which takes
  /// the same closures.
  ///
  /// - Parameters:
  ///   - updateValuesForOperation: Sets the values for `operation`.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withValues<R>(
    _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    try withDependencies(updateValuesForOperation, operation: operation)
  }

  /// Runs the asynchronous `operation` with the values `updateValuesForOperation` sets.
  ///
  /// Deprecated as in swift-dependencies: write `withDependencies(_:operation:)`, which takes
  /// the same closures.
  ///
  /// - Parameters:
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  ///   - updateValuesForOperation: Sets the values for `operation`.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withValues<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await withDependencies(updateValuesForOperation, operation: operation)
  }

  /// Runs `operation` with test values, changed by `updateValuesForOperation`.
  ///
  /// Deprecated as in swift-dependencies: write
  /// `withDependencies { $0.context = .test; … } operation: { … }`.
  ///
  /// - Parameters:
  ///   - updateValuesForOperation: Sets the values for `operation`, after the context is set
  ///     to ``DependencyContext/test``.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withTestValues<R>(
    _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    try withDependencies {
      $0.context = .test
      try updateValuesForOperation(&$0)
    } operation: {
      try operation()
    }
  }

  /// Runs the asynchronous `operation` with test values, changed by `updateValuesForOperation`.
  ///
  /// Deprecated as in swift-dependencies: write
  /// `await withDependencies { $0.context = .test; … } operation: { … }`.
  ///
  /// - Parameters:
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  ///   - updateValuesForOperation: Sets the values for `operation`, after the context is set
  ///     to ``DependencyContext/test``.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  @discardableResult
  public static func withTestValues<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await withDependencies {
      $0.context = .test
      try await updateValuesForOperation(&$0)
    } operation: {
      try await operation()
    }
  }
}
