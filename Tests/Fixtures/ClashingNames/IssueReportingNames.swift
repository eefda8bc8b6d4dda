// The names issue-reporting (module IssueReporting) declares that Ambient declares too, with
// issue-reporting's signatures, so the clash tests see what a file importing both sees. Each
// records its call in `CallLog` and reports nothing.

/// `false`, unlike any real `isTesting` read in a test, so a test can tell which one it read.
public let isTesting = false

/// Records `message` in `CallLog` under `reportIssue`.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  CallLog.record("reportIssue", message() ?? "")
}

/// Records `message` in `CallLog` under `reportIssue(error)`.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  CallLog.record("reportIssue(error)", message() ?? "")
}

/// Runs `body` and records `message` in `CallLog` under `withExpectedIssue`.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  try? body()
  CallLog.record("withExpectedIssue", message ?? "")
}

/// Runs `body` and records `message` in `CallLog` under `withExpectedIssue(async)`.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  try? await body()
  CallLog.record("withExpectedIssue(async)", message ?? "")
}

/// Runs `body` and records `message` in `CallLog` under `withErrorReporting`.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  CallLog.record("withErrorReporting", message() ?? "")
  return try? body()
}

/// Runs `body` and records `message` in `CallLog` under `withErrorReporting(async)`.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> sending R
) async -> R? {
  CallLog.record("withErrorReporting(async)", message() ?? "")
  return try? await body()
}

/// The error the fixture's throwing `unimplemented` closures throw.
public struct UnimplementedFailure: Error {
  /// The endpoint's description.
  public let description: String
}

/// A closure that records `description` in `CallLog` under `unimplemented` when called, then
/// returns `placeholder` (issue-reporting's defaults to `()`).
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  return { (_: repeat each Argument) in
    CallLog.record("unimplemented", description())
    return placeholder()
  }
}

/// A throwing closure that records `description` in `CallLog` under `unimplemented` when
/// called, then throws `UnimplementedFailure`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  return { (_: repeat each Argument) in
    CallLog.record("unimplemented", description())
    throw UnimplementedFailure(description: description())
  }
}

/// An asynchronous closure that records `description` in `CallLog` under `unimplemented` when
/// called, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  return { (_: repeat each Argument) in
    CallLog.record("unimplemented", description())
    return placeholder()
  }
}

/// An asynchronous throwing closure that records `description` in `CallLog` under
/// `unimplemented` when called, then throws `UnimplementedFailure`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  return { (_: repeat each Argument) in
    CallLog.record("unimplemented", description())
    throw UnimplementedFailure(description: description())
  }
}
