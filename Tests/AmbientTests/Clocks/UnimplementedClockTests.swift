import Ambient
import AmbientTestSupport
import Testing

@Suite(oneMinuteLimit) struct UnimplementedClockTests {
  @Test func sleepingIsReportedByNameAndThenReturnsAtOnce() async throws {
    let clock = UnimplementedClock("SyncEngine.clock")
    let issues = await recordedIssues { try? await clock.sleep(until: .init(offset: .seconds(1))) }
    #expect(
      issues == [
        """
        Unimplemented: SyncEngine.clock.sleep

          Context:  test
          Reported: on the clock's first use; later uses are not

        A test on a real clock waits for real time and passes or fails by timing, so this clock reports its use and then behaves as an ImmediateClock.

        To fix:
          • Give the code a TestClock or an ImmediateClock in place of SyncEngine.clock.
        """
      ])
  }

  @Test func onlyTheFirstUseIsReportedAndTimeMovesAsOnAnImmediateClock() async {
    let clock = UnimplementedClock(#"\.continuousClock"#)
    let issues = await recordedIssues {
      for _ in 0..<3 { try? await clock.sleep(for: .seconds(1)) }
      #expect(clock.now.offset == .seconds(3))
    }
    #expect(issues.count == 1)
    #expect(issues.last?.hasPrefix(#"Unimplemented: @Dependency(\.continuousClock).now"#) == true)
    #expect(
      issues.last?.contains(
        #".dependency(\.continuousClock, TestClock()) on the test, or withDependencies { $0.continuousClock = TestClock() }."#
      ) == true)
  }

  @Test func theResolutionCanBeReadWithoutAReport() {
    #expect(UnimplementedClock().minimumResolution == .zero)
  }
}
