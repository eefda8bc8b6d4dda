/// Runs `body`, which is expected to report an issue: issues it reports through
/// ``reportIssue(_:fileID:filePath:line:column:)`` (and so every `unimplemented` endpoint and
/// Ambient diagnostic) and an error it throws do not fail the test, and a `body` that reports
/// none does. The same shape as issue-reporting's `withExpectedIssue`.
///
/// ```swift
/// @Test func forgettingTheClientIsReported() {
///   withExpectedIssue("The unimplemented endpoint reports") {
///     _ = try? model.load()
///   }
/// }
/// ```
///
/// It works with XCTest, Swift Testing and outside tests alike, because it is Ambient's own
/// reporting that holds the issues back. The collection is task-local: issues reported by child
/// tasks are expected too; those reported from `Task.detached`, another thread, or directly to
/// the test framework (`#expect`, `XCTAssert`) are not.
///
/// - Parameters:
///   - message: What the expected issue is, for the report when none comes.
///   - isIntermittent: Whether `body` may also finish without an issue.
///   - fileID: The file a missing issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line a missing issue is attributed to; defaults to the caller's.
///   - column: The column a missing issue is attributed to; defaults to the caller's.
///   - body: The work expected to report an issue.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  let expected = ExpectedIssues()
  ExpectedIssues.$current.withValue(expected) {
    do { try body() } catch { expected.absorb() }
  }
  expected.reportIfNone(
    message, isIntermittent: isIntermittent, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs asynchronous `body`, which is expected to report an issue: the `async` form of
/// `withExpectedIssue(_:isIntermittent:_:)`.
///
/// ```swift
/// @Test func forgettingTheClientIsReported() async {
///   await withExpectedIssue {
///     _ = try? await model.load()
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: What the expected issue is, for the report when none comes.
///   - isIntermittent: Whether `body` may also finish without an issue.
///   - isolation: The actor `body` runs on; the caller's by default.
///   - fileID: The file a missing issue is attributed to; defaults to the caller's.
///   - filePath: The full path of that file; defaults to the caller's.
///   - line: The line a missing issue is attributed to; defaults to the caller's.
///   - column: The column a missing issue is attributed to; defaults to the caller's.
///   - body: The work expected to report an issue.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
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
  let expected = ExpectedIssues()
  await ExpectedIssues.$current.withValue(expected) {
    do { try await body() } catch { expected.absorb() }
  }
  expected.reportIfNone(
    message, isIntermittent: isIntermittent, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The issues held back by the innermost `withExpectedIssue` of the current task.
final class ExpectedIssues: Sendable {
  @TaskLocal static var current: ExpectedIssues?

  private let count = LockIsolated(0)

  /// Counts an issue (or thrown error) as the expected one instead of reporting it.
  func absorb() {
    count.withValue { $0 += 1 }
  }

  func reportIfNone(
    _ message: String?, isIntermittent: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard !isIntermittent, count.value == 0 else { return }
    let expected = message.map { " (\($0))" } ?? ""
    reportIssue(
      "withExpectedIssue: an issue was expected\(expected), but none was reported.",
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
