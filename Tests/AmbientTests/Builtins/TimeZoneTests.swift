import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct TimeZoneTests {
  @Test func liveIsTheMachinesTimeZone() {
    let timeZone = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.timeZone) var timeZone
      return timeZone
    }
    #expect(timeZone.identifier == TimeZone.autoupdatingCurrent.identifier)
  }

  @Test func theTestValueReportsAndIsUTC() {
    @Dependency(\.timeZone) var timeZone
    var read: TimeZone?
    let issues = recordedIssues { read = timeZone }
    #expect(read?.secondsFromGMT() == 0)
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.timeZone) was read in the test context."#) == true)
  }

  @Test(.dependency(\.timeZone, TimeZone(identifier: "Asia/Tokyo")!))
  func anOverrideIsUsedWithoutAReport() {
    @Dependency(\.timeZone) var timeZone
    #expect(timeZone.identifier == "Asia/Tokyo")
  }
}
