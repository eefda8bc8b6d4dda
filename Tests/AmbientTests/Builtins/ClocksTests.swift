import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing

@Suite(oneMinuteLimit) struct ClocksTests {
  @Test func liveClocksAreTheSystemClocks() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.continuousClock) var continuousClock
      @Dependency(\.suspendingClock) var suspendingClock
      #expect(continuousClock is ContinuousClock)
      #expect(suspendingClock is SuspendingClock)
    }
  }

  @Test func theTestClocksReportByKeyPathAndDoNotWait() async {
    @Dependency(\.continuousClock) var continuousClock
    @Dependency(\.suspendingClock) var suspendingClock
    let issues = await recordedIssues {
      try? await continuousClock.sleep(for: .seconds(3_600))
      try? await suspendingClock.sleep(for: .seconds(3_600))
    }
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.continuousClock).now"#) == true)
    #expect(issues.last?.hasPrefix(#"Unimplemented: @Dependency(\.suspendingClock).now"#) == true)
  }

  @Test func aTestClockOverrideDrivesCodeThatReadsTheDependency() async {
    let clock = TestClock()
    let fired = LockIsolated(false)
    let task = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Task {
        @Dependency(\.continuousClock) var continuousClock
        try await continuousClock.sleep(for: .seconds(10))
        fired.setValue(true)
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(10))
    #expect(fired.value)
    _ = await task.result
  }
}
