import Ambient
import AmbientTestSupport
import Testing
import XCTest

private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "DiskFull()" }
}

@Suite struct WithErrorReportingCompatibilityTests {
  @Test func returnsTheResultWhenNothingThrows() {
    #expect(withErrorReporting { 42 } == 42)
  }

  @Test func reportsAThrownErrorAndReturnsNil() {
    var result: Int? = 0
    let texts = recordedIssues {
      result = withErrorReporting { () throws -> Int in throw DiskFull() }
    }
    #expect(result == nil)
    #expect(texts == ["Caught error: DiskFull()"])
  }

  @Test func putsTheMessageFirst() {
    let texts = recordedIssues {
      withErrorReporting("Saving the draft") { throw DiskFull() }
    }
    #expect(texts == ["Saving the draft\nCaught error: DiskFull()"])
  }

  @Test(oneMinuteLimit)
  func theAsyncFormReportsAThrownError() async {
    var result: String? = ""
    let texts = await recordedIssues {
      result = await withErrorReporting("Loading") { () async throws -> String in
        await Task.yield()
        throw DiskFull()
      }
    }
    #expect(result == nil)
    #expect(texts == ["Loading\nCaught error: DiskFull()"])
  }

  @Test(oneMinuteLimit)
  func theAsyncFormReturnsTheResult() async {
    let value = await withErrorReporting { () async throws -> String in
      await Task.yield()
      return "done"
    }
    #expect(value == "done")
  }
}

final class WithErrorReportingCompatibilityXCTests: XCTestCase {
  func testReportsAThrownErrorAndReturnsNil() {
    withExpectedIssue {
      XCTAssertNil(withErrorReporting { () throws -> Int in throw DiskFull() })
    }
  }

  func testTheAsyncFormReportsAThrownError() async {
    await withExpectedIssue {
      let value = await withErrorReporting { () async throws -> Int in throw DiskFull() }
      XCTAssertNil(value)
    }
  }
}

@Suite struct ReportIssueErrorCompatibilityTests {
  @Test func reportsAnErrorWithItsMessage() {
    let texts = recordedIssues {
      do {
        throw DiskFull()
      } catch {
        reportIssue(error, "Saving the draft")
      }
    }
    #expect(texts == ["Saving the draft\nCaught error: DiskFull()"])
  }
}
