/// Reports a problem: a failure of the running test under Swift Testing or XCTest, and a
/// runtime warning on standard error everywhere else (never a crash).
///
/// Use it in test doubles and in code paths that should never run:
///
/// ```swift
/// static let testValue = AnalyticsClient(track: { event in
///   reportIssue("AnalyticsClient.track was called with \(event) in a test that did not override it.")
/// })
/// ```
///
/// In a test, the failure is attributed to the running test: recorded as an issue in Swift
/// Testing, or as a failure in XCTest. Ambient finds the test framework at run time, so your
/// app never links XCTest or Testing. Reporting into Swift Testing, and telling tests apart,
/// needs the test target to depend on `AmbientTesting`. Inside ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``
/// the issue is expected, so it is counted there instead of reported.
///
/// - Parameters:
///   - message: What went wrong and what to do about it.
///   - fileID: The file the issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line the issue is attributed to; defaults to the caller's.
///   - column: The column the issue is attributed to; defaults to the caller's.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  // Values are being set, and setting part of one runs its getter first: not a use to report
  // (nor the issue a `withExpectedIssue` expects).
  if DependencyValues.isUpdating { return }
  // Inside `withExpectedIssue` the issue is the one the caller expects: counted, not reported.
  if let expected = ExpectedIssues.current {
    expected.absorb()
    return
  }
  let text = message()
  let body = text.isEmpty ? "Issue reported" : text
  if TestObservation.recordIssue(body, fileID: fileID, filePath: filePath, line: line, column: column) {
    return
  }
  StandardError.write("\(fileID):\(line): Ambient warning: \(body)")
}

/// Reports an error as an issue, as issue-reporting's `reportIssue(_:_:)` does: a failure of
/// the running test, a runtime warning elsewhere. The report reads `Caught error: <error>`, on
/// the line after `message` when you give one.
///
/// ```swift
/// do {
///   try database.save(draft)
/// } catch {
///   reportIssue(error, "Saving the draft")
/// }
/// ```
///
/// ``withErrorReporting(_:fileID:filePath:line:column:catching:)`` does this for the errors a
/// closure throws.
///
/// - Parameters:
///   - error: The error to report.
///   - message: What was being done, to add to the report.
///   - fileID: The file the issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line the issue is attributed to; defaults to the caller's.
///   - column: The column the issue is attributed to; defaults to the caller's.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let caught = "Caught error: \(error)"
  let text = message().map { "\($0)\n\(caught)" } ?? caught
  reportIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
}
