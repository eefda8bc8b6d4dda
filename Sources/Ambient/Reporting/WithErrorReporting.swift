/// Runs `body`, and reports an error it throws as an issue instead of passing it on: the same
/// shape as issue-reporting's `withErrorReporting`, for code where an error should fail a test
/// but must not stop the app.
///
/// ```swift
/// func saveButtonTapped() {
///   withErrorReporting("Saving the draft") {
///     try database.save(draft)
///   }
/// }
/// ```
///
/// In a test the error fails the running test; elsewhere it is a runtime warning on standard
/// error (see ``reportIssue(_:fileID:filePath:line:column:)``). The report reads
/// `Caught error: <error>`, on the line after `message` when you give one.
///
/// - Parameters:
///   - message: What was being done, to add to the report.
///   - fileID: The file the issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line the issue is attributed to; defaults to the caller's.
///   - column: The column the issue is attributed to; defaults to the caller's.
///   - body: The work that may throw.
/// - Returns: What `body` returns, or `nil` when it threw.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  do {
    return try body()
  } catch {
    reportIssue(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// Runs asynchronous `body`, and reports an error it throws as an issue instead of passing it
/// on: the `async` form of `withErrorReporting(_:catching:)`.
///
/// ```swift
/// func onAppear() async {
///   await withErrorReporting("Loading items") {
///     items = try await apiClient.fetchItems()
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: What was being done, to add to the report.
///   - isolation: The actor `body` runs on; the caller's by default.
///   - fileID: The file the issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line the issue is attributed to; defaults to the caller's.
///   - column: The column the issue is attributed to; defaults to the caller's.
///   - body: The work that may throw.
/// - Returns: What `body` returns, or `nil` when it threw.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
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
  do {
    return try await body()
  } catch {
    reportIssue(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}
