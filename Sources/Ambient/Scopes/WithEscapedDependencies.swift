/// Captures the current dependencies so that an escaping, non-structured callback can run
/// with them: the bridge for `Task.detached`, `DispatchQueue` and completion handlers, which do
/// not inherit task-locals.
///
/// ```swift
/// func save() {
///   withEscapedDependencies { dependencies in
///     DispatchQueue.global().async {
///       dependencies.yield {
///         // Reads here see the values that were current when `save()` ran.
///         try? database.write(items)
///       }
///     }
///   }
/// }
/// ```
///
/// - Parameter operation: Receives the captured values; hand the continuation to the escaping
///   code and call ``DependencyValues/Continuation/yield(_:)`` there.
/// - Returns: What `operation` returns.
public func withEscapedDependencies<R>(
  _ operation: (DependencyValues.Continuation) throws -> R
) rethrows -> R {
  try operation(DependencyValues.Continuation(values: DependencyValues.current.pinnedToRoot))
}

/// Captures the current dependencies for escaping callbacks, from asynchronous code.
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - operation: Receives the captured values.
/// - Returns: What `operation` returns.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> R
) async rethrows -> R {
  try await operation(DependencyValues.Continuation(values: DependencyValues.current.pinnedToRoot))
}

extension DependencyValues {
  /// Dependencies captured by ``withEscapedDependencies(_:)``, to be restored later in
  /// code that does not inherit task-locals.
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Runs `operation` with the captured dependencies in scope.
    ///
    /// - Parameter operation: The escaping work.
    /// - Returns: What `operation` returns.
    public func yield<R>(_ operation: () throws -> R) rethrows -> R {
      try DependencyValues.withBound(values, operation: operation)
    }

    /// Runs asynchronous `operation` with the captured dependencies in scope.
    ///
    /// - Parameters:
    ///   - isolation: The actor `operation` runs on; the caller's by default.
    ///   - operation: The escaping work.
    /// - Returns: What `operation` returns.
    public func yield<R>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> R
    ) async rethrows -> R {
      try await DependencyValues.withBound(values, operation: operation)
    }
  }
}
