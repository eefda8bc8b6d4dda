import Ambient
import AmbientTestSupport
import Testing
import XCTest

private struct Expected: Error {}

@Suite struct WithExpectedIssueCompatibilityTests {
  @Test func anIssueReportedInsideDoesNotFailTheTest() {
    withExpectedIssue {
      reportIssue("The printer is on fire.")
    }
  }

  @Test func anUnimplementedEndpointInsideDoesNotFailTheTest() {
    let load: @Sendable () -> Int = unimplemented("Loader.load", placeholder: 0)
    withExpectedIssue("The unimplemented endpoint reports") {
      #expect(load() == 0)
    }
  }

  @Test func aThrownErrorCountsAsTheExpectedIssue() {
    withExpectedIssue { throw Expected() }
  }

  @Test func noIssueIsItselfReported() {
    let texts = recordedIssues {
      withExpectedIssue("A warning about the printer") {}
    }
    #expect(
      texts == [
        "withExpectedIssue: an issue was expected (A warning about the printer), but none was reported."
      ])
  }

  @Test func anIntermittentIssueMayNotCome() {
    withExpectedIssue(isIntermittent: true) {}
  }

  @Test(oneMinuteLimit)
  func theAsyncFormHoldsBackIssuesFromChildTasks() async {
    await withExpectedIssue {
      async let reported: Void = reportIssue("From a child task.")
      await reported
    }
  }

  @Test(oneMinuteLimit)
  func theAsyncFormReportsWhenNoIssueCame() async {
    let texts = await recordedIssues {
      await withExpectedIssue { await Task.yield() }
    }
    #expect(texts == ["withExpectedIssue: an issue was expected, but none was reported."])
  }
}

final class WithExpectedIssueCompatibilityXCTests: XCTestCase {
  func testAnIssueReportedInsideDoesNotFailTheTest() {
    withExpectedIssue {
      reportIssue("The printer is on fire.")
    }
  }

  func testNoIssueIsItselfReported() {
    // The inner call reports that its issue never came; the outer one expects exactly that.
    withExpectedIssue {
      withExpectedIssue {}
    }
  }

  func testTheAsyncFormHoldsBackIssues() async {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("After a suspension.")
    }
  }
}
