import AmbientTestSupport
import Testing

@testable import Ambient

/// Where a report goes: the running Swift Testing test, or standard error outside any test.
@Suite struct ReportIssueTests {
  @Test func aReportFailsTheRunningTestAtTheCallersLocation() {
    let line = #line + 3
    let locations = LockIsolated<[String]>([])
    withKnownIssue {
      reportIssue("Something broke.")
    } matching: { issue in
      locations.withValue {
        $0.append("\(issue.sourceLocation?.fileID ?? ""):\(issue.sourceLocation?.line ?? 0)")
      }
      return issue.comments.map(\.rawValue) == ["Something broke."]
    }
    #expect(locations.value == ["AmbientTests/ReportIssueTests.swift:\(line)"])
  }

  @Test func anEmptyMessageStillFailsTheTest() {
    #expect(recordedIssues { reportIssue() } == ["Issue reported"])
  }

  @Test(oneMinuteLimit) func aReportFromAChildTaskFailsTheTest() async {
    let issues = await recordedIssues {
      await Task { reportIssue("From a child task.") }.value
    }
    #expect(issues == ["From a child task."])
  }

  @Test(oneMinuteLimit) func outsideAnyTestNoFrameworkTakesTheReport() async {
    let taken = await Task.detached {
      TestObservation.recordIssue(
        "Outside any test.", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    }.value
    #expect(!taken)
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  // In the exit test's process no test is running, so the report is a warning on standard
  // error; the process goes on and exits normally.
  @Test(oneMinuteLimit) func outsideAnyTestAReportIsAWarningOnStandardErrorNotACrash() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await Task.detached {
        reportIssue(
          "Outside any test.", fileID: "Items/ItemListModel.swift", filePath: "/Items/ItemListModel.swift", line: 12)
      }.value
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Items/ItemListModel.swift:12: Ambient warning: Outside any test.\n"))
  }
  #endif
}
