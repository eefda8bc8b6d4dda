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
/// needs the test target to depend on `AmbientTesting`.
///
/// - Parameters:
///   - message: What went wrong and what to do about it.
///   - fileID: The file the issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line the issue is attributed to; defaults to the caller's.
///   - column: The column the issue is attributed to; defaults to the caller's.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = message()
  let body = text.isEmpty ? "Issue reported" : text
  // Values are being set, and setting part of one runs its getter first: not a use to report.
  if DependencyValues.isUpdating { return }
  if TestObservation.recordIssue(body, fileID: fileID, filePath: filePath, line: line, column: column) {
    return
  }
  StandardError.write("\(fileID):\(line): Ambient warning: \(body)")
}
