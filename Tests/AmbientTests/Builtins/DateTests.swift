import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct DateTests {
  @Test func liveGivesTheCurrentDate() {
    let before = Date()
    let now = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      return date()
    }
    #expect(now >= before && now <= Date())
  }

  @Test func theTestValueReportsAndReturnsAFixedDate() {
    @Dependency(\.date) var date
    var returned: Date?
    let issues = recordedIssues { returned = date.now }
    #expect(returned == Date(timeIntervalSinceReferenceDate: 0))
    #expect(
      issues == [
        #"""
        Unimplemented: @Dependency(\.date) was called in the test context.

          Returned: 2001-01-01 00:00:00 +0000

        Its live value depends on the machine and the moment the test runs, so Ambient fails the test and gives it a fixed value instead.

        To fix:
          • Override it for this test: .dependency(\.date, .constant(Date(timeIntervalSince1970: 0))) on the test, or withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) }.
        """#
      ])
  }

  @Test func settingNowInAnOverrideFixesItWithoutAReport() {
    let fixed = Date(timeIntervalSince1970: 1_000)
    withDependencies {
      $0.date.now = fixed
    } operation: {
      @Dependency(\.date) var date
      #expect(date.now == fixed)
      #expect(date() == fixed)
    }
  }

  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 7))))
  func constantAlwaysReturnsItsDate() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 7))
    #expect(now == Date(timeIntervalSince1970: 7))
  }
}
