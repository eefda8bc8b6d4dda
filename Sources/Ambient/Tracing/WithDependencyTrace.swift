/// Runs `operation` and returns, beside its result, every dependency it read.
///
/// ```swift
/// let (_, trace) = withDependencyTrace {
///   ItemListModel().addItem(named: "Milk")
/// }
/// #expect(trace.reads.map(\.dependency) == [#"\.uuid"#, #"\.date.now"#])
/// ```
///
/// The values in scope do not change: the operation reads what it would have read anyway, and
/// the trace notes where each value came from (see ``DependencyTrace``). Child tasks and models
/// created inside `operation` are traced too, as long as the trace records; reads after it
/// returns are not added. Traces nest: an inner trace's reads are also an outer one's.
///
/// A traced read costs more than a plain one (it takes a lock to record itself), so trace
/// to look, not in production hot paths. Code outside a trace pays nothing for it.
///
/// - Parameter operation: The work to trace.
/// - Returns: What `operation` returns, and its trace.
public func withDependencyTrace<R>(
  _ operation: () throws -> R
) rethrows -> (value: R, trace: DependencyTrace) {
  let (values, recorder) = DependencyValues.current.traced()
  let value = try DependencyValues.withBound(values) {
    // Stopped on the way out even when `operation` throws, so later reads are not recorded.
    defer { _ = recorder.stop() }
    return try operation()
  }
  return (value, recorder.stop())
}

/// Runs asynchronous `operation` and returns, beside its result, every dependency it read.
///
/// Otherwise as the synchronous ``withDependencyTrace(_:)``.
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - operation: The work to trace.
/// - Returns: What `operation` returns, and its trace.
public func withDependencyTrace<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> R
) async rethrows -> (value: R, trace: DependencyTrace) {
  let (values, recorder) = DependencyValues.current.traced()
  let value = try await DependencyValues.withBound(values) {
    defer { _ = recorder.stop() }
    return try await operation()
  }
  return (value, recorder.stop())
}

extension DependencyValues {
  /// These values, unchanged but read into a new trace (nested in the one in scope, if any).
  func traced() -> (DependencyValues, TraceRecorder) {
    let pinned = pinnedToRoot
    let recorder = TraceRecorder(parent: pinned._overrides?.tracer)
    let overrides =
      pinned.flattenedOverrides.map { Overrides(copying: $0, tracer: recorder) }
      ?? Overrides(root: DefaultValueRoot.shared.resolved, tracer: recorder)
    return (DependencyValues(overrides: overrides), recorder)
  }

  /// A trace of whatever runs with the current values, for the test glue, which binds
  /// ``_TraceSession/values`` itself and reports a failed test's trace. Not for use elsewhere.
  package static func _startTrace() -> _TraceSession {
    let (values, recorder) = current.traced()
    return _TraceSession(values: values, recorder: recorder)
  }
}

/// A trace the test glue started: the values to bind, and what they read. Not for use outside
/// AmbientTesting.
package struct _TraceSession: Sendable {
  /// The current values, read into this trace.
  package let values: DependencyValues
  let recorder: TraceRecorder

  /// What was read so far.
  package var soFar: DependencyTrace { recorder.trace }

  /// Stops recording and returns the trace.
  package func stop() -> DependencyTrace { recorder.stop() }

  /// Where `read` was first declared, for attributing a failure about it: file ID, path, line
  /// and column, or `nil` when no declaration read it.
  package func declaration(of read: DependencyTrace.Read) -> (fileID: String, filePath: String, line: Int, column: Int)?
  {
    recorder.firstSite(of: read).map { ("\($0.fileID)", "\($0.filePath)", Int($0.line), Int($0.column)) }
  }
}
