import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct CalendarTests {
  @Test func liveIsTheUsersCalendar() {
    let calendar = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.calendar) var calendar
      return calendar
    }
    #expect(calendar == Calendar.autoupdatingCurrent)
  }

  @Test func theTestValueReportsAndIsGregorianInUTC() {
    @Dependency(\.calendar) var calendar
    var read: Calendar?
    let issues = recordedIssues { read = calendar }
    #expect(read?.identifier == .gregorian)
    #expect(read?.timeZone.secondsFromGMT() == 0)
    #expect(read?.locale?.identifier == "en_US_POSIX")
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.calendar) was read in the test context."#) == true)
  }

  @Test func changingAPartInAnOverrideStartsFromTheTestCalendarWithoutAReport() {
    withDependencies {
      $0.calendar.firstWeekday = 2
    } operation: {
      @Dependency(\.calendar) var calendar
      #expect(calendar.firstWeekday == 2)
      #expect(calendar.timeZone.secondsFromGMT() == 0)
    }
  }

  @Test(.dependency(\.calendar, Calendar(identifier: .buddhist)))
  func anOverrideIsUsedWithoutAReport() {
    @Dependency(\.calendar) var calendar
    #expect(calendar.identifier == .buddhist)
  }
}
