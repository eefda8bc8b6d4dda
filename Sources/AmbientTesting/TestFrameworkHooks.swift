import AmbientRuntime
import Foundation
import Testing
import XCTest

// The hooks `Ambient` calls to learn the running test and record failures in it (see
// `TestObservation` there), installed when the test bundle loads so that the library reaches
// Swift Testing and XCTest without linking either.

/// Installs the hooks and the XCTest observer. Called by AmbientTestingBootstrap's load-time
/// constructor, before the first test starts.
@_cdecl("ambient_testing_bootstrap")
func ambientTestingBootstrap() {
  XCTestCaseTracker.shared.install()
  ambient_install_test_hooks(
    { currentTestToken() },
    { message, fileID, filePath, line, column in
      // Sound because the C strings are Ambient's, NUL-terminated and alive for the call (Swift
      // strings passed as `const char *`, see `TestObservation.recordIssue`), and copied into
      // Swift strings before it returns.
      recordIssue(
        String(cString: message), fileID: String(cString: fileID), filePath: String(cString: filePath),
        line: line, column: column
      )
    }
  )
}

/// The running test's token, or 0 outside any test.
func currentTestToken() -> UInt {
  if let token = SwiftTestingTracker.currentToken { return token }
  return XCTestCaseTracker.shared.current?.token ?? 0
}

/// Records a failure in the running test; `false` when no test is running.
func recordIssue(_ text: String, fileID: String, filePath: String, line: Int, column: Int) -> Bool {
  if Test.current != nil {
    // Swift Testing requires a `Module/File.swift` file ID and positive positions.
    let moduleFileID = fileID.contains("/") ? fileID : "Ambient/\(fileID)"
    let location = SourceLocation(
      fileID: moduleFileID, filePath: filePath, line: max(line, 1), column: max(column, 1)
    )
    Issue.record(Comment(rawValue: text), sourceLocation: location)
    return true
  }
  if let running = XCTestCaseTracker.shared.current {
    #if canImport(Darwin)
    // `recordFailure(withDescription:…)` is deprecated on Apple platforms; corelibs XCTest
    // on Linux has no `XCTIssue`.
    let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: line)
    let issue = XCTIssue(
      type: .assertionFailure,
      compactDescription: text,
      sourceCodeContext: XCTSourceCodeContext(location: location)
    )
    running.testCase.record(issue)
    #else
    running.testCase.recordFailure(withDescription: text, inFile: filePath, atLine: line, expected: true)
    #endif
    return true
  }
  return false
}
