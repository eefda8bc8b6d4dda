extension DependencyValues {
  /// Runs work whose result nobody waits for, such as analytics or cache warming.
  ///
  /// Live and preview: starts an unstructured `Task` (which inherits the caller's dependencies)
  /// and returns at once; a thrown error is dropped. Test: runs the work in an unstructured
  /// `Task` too (cancelling the caller does not cancel it), but waits for it before returning,
  /// so the test sees its effects; an error it throws is reported as an issue in the test.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// await fireAndForget { try await analytics.track("buy") }
  /// await fireAndForget(priority: .background) { try await cache.warm() }
  ///
  /// // In a test, run the work detached like the app does:
  /// withDependencies { $0.fireAndForget = FireAndForget { priority, work in
  ///   Task(priority: priority) { try await work() }
  /// } } operation: { … }
  /// ```
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { priority, operation in
    Task(priority: priority) { try await operation() }
  }
  static let testValue = FireAndForget { priority, operation in
    // Unstructured like the live value, so cancelling the caller leaves the work running as it
    // would in the app; awaited, so the test sees its effects before it goes on.
    await Task(priority: priority) {
      do {
        try await operation()
      } catch {
        reportIssue("fireAndForget: the operation threw \(error)")
      }
    }.value
  }
}

/// How ``DependencyValues/fireAndForget`` runs work nobody waits for.
public struct FireAndForget: Sendable {
  private let run: @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// A strategy that runs each operation with `run`.
  ///
  /// - Parameter run: Receives the priority asked for and the operation.
  public init(_ run: @escaping @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void) {
    self.run = run
  }

  /// Runs `operation` without its caller waiting for the result (except in tests).
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs it; the caller's by default.
  ///   - operation: The work.
  public func callAsFunction(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await run(priority, operation)
  }
}
