import Ambient
import AmbientTesting
import XCTest

/// `reportIssue` fails the XCTest method that is running.
///
/// Corelibs XCTest has no `XCTExpectFailure`, so this case intercepts the failures recorded
/// on it (the XCTest entry point that fails a test method) while `expectFailures` runs, and
/// lets every other failure through.
final class XCTestReportingTests: XCTestCase {
  private struct Failure: Equatable {
    var description: String
    var filePath: String
    var line: Int
  }

  private let intercepted = LockIsolated<[Failure]?>(nil)

  func testReportedIssueFailsTheRunningTestMethod() {
    let line = #line + 1
    let failures = expectFailures { reportIssue("The printer is on fire.") }
    XCTAssertEqual(failures, [Failure(description: "The printer is on fire.", filePath: #filePath, line: line)])
  }

  func testIssueReportedInAnAsyncMethodFailsIt() async {
    await Task.yield()
    let failures = expectFailures { reportIssue("After a suspension.") }
    XCTAssertEqual(failures.map(\.description), ["After a suspension."])
  }

  private func expectFailures(_ body: () -> Void) -> [Failure] {
    intercepted.setValue([])
    body()
    let failures = intercepted.value ?? []
    intercepted.setValue(nil)
    return failures
  }

  /// Keeps `failure` from failing the test if `expectFailures` is running; `false` otherwise.
  private func intercept(_ failure: Failure) -> Bool {
    intercepted.withValue { failures in
      guard failures != nil else { return false }
      failures?.append(failure)
      return true
    }
  }

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    let location = issue.sourceCodeContext.location
    let failure = Failure(
      description: issue.compactDescription,
      filePath: location?.fileURL.path ?? "",
      line: location?.lineNumber ?? 0
    )
    if !intercept(failure) { super.record(issue) }
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    let failure = Failure(description: description, filePath: filePath, line: lineNumber)
    if !intercept(failure) {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }
  #endif
}
