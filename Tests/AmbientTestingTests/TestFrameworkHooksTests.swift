import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing

/// `reportIssue` fails the Swift Testing test that is running, at the caller's location.
@Suite struct TestFrameworkHooksTests {
  @Test func reportedIssueIsRecordedInTheRunningTest() {
    let line = #line + 2
    withKnownIssue {
      reportIssue("The printer is on fire.")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["The printer is on fire."]
        && issue.sourceLocation?.fileID == #fileID
        && issue.sourceLocation?.line == line
    }
  }

  @Test(oneMinuteLimit) func issueReportedInAChildTaskIsRecordedInTheTest() async {
    await withKnownIssue {
      await Task { reportIssue("From a child task.") }.value
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["From a child task."]
    }
  }

  @Test(arguments: [1, 2])
  func issueReportedInAParameterisedCaseIsRecordedInThatCase(value: Int) {
    withKnownIssue {
      reportIssue("Case \(value).")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Case \(value)."]
    }
  }
}
