import Ambient
import AmbientTestSupport
import Testing

/// Runs `operation`, or throws `TimeoutError` once `clock` reaches `timeout`.
private struct TimeoutError: Error {}
private func withTimeout<R: Sendable>(
  _ timeout: Duration, on clock: some Clock<Duration>, _ operation: @escaping @Sendable () async throws -> R
) async throws -> R {
  try await withThrowingTaskGroup(of: R.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await clock.sleep(for: timeout)
      throw TimeoutError()
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

/// Delivers only the last of a burst of values, once `delay` has passed without another.
private final class Debouncer: Sendable {
  let delivered = LockIsolated<[String]>([])
  private let pending = LockIsolated<Task<Void, Never>?>(nil)
  private let clock: any Clock<Duration>
  private let delay: Duration
  init(clock: any Clock<Duration>, delay: Duration) {
    self.clock = clock
    self.delay = delay
  }
  func send(_ value: String) {
    let task = Task { [clock, delay, delivered] in
      guard (try? await clock.sleep(for: delay)) != nil else { return }
      delivered.withValue { $0.append(value) }
    }
    pending.withValue {
      $0?.cancel()
      $0 = task
    }
  }
}

private actor Recorder {
  var events: [String] = []
  func record(_ event: String) { events.append(event) }
}

@Suite struct TestClockTests {
  @Test func advanceReturnsAfterTheWokenTaskHasDoneItsNextStep() async {
    let clock = TestClock()
    let recorder = Recorder()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      await recorder.record("saved")  // an actor hop, not a sleep on the clock
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    #expect(await recorder.events == ["saved"])
    _ = await task.result
  }

  @Test func aSleeperWakesOnlyWhenItsDeadlineIsReached() async {
    let clock = TestClock()
    let woke = LockIsolated(false)
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      woke.setValue(true)
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(999))
    #expect(!woke.value)
    await clock.advance(by: .milliseconds(1))
    #expect(woke.value)
    #expect(clock.now.offset == .seconds(1))
    _ = await task.result
  }

  @Test func sleepersWakeInDeadlineOrderAndTiesInTheOrderTheyBeganSleeping() async {
    let clock = TestClock()
    let log = LockIsolated<[String]>([])
    var tasks: [Task<Void, any Error>] = []
    for (name, seconds) in [("late", 3), ("first tie", 1), ("second tie", 1), ("middle", 2)] {
      tasks.append(
        Task {
          try await clock.sleep(for: .seconds(seconds))
          log.withValue { $0.append("\(name) at \(clock.now.offset)") }
        })
      await clock.waitForSleepers(count: tasks.count)
    }
    await clock.advance(by: .seconds(5))
    #expect(
      log.value == [
        "first tie at 1.0 seconds", "second tie at 1.0 seconds", "middle at 2.0 seconds", "late at 3.0 seconds",
      ])
    #expect(clock.now.offset == .seconds(5))
    for task in tasks { _ = await task.result }
  }

  @Test func aRepeatingTimerFiresOncePerPeriodPassed() async throws {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(ticks.value == 3)
    await clock.advance(by: .milliseconds(2_500))
    #expect(ticks.value == 5)
    timer.cancel()
    try await clock.checkSuspension()
    #expect(ticks.value == 5)
  }

  @Test func aTimeoutFiresOnlyWhenItsTimeHasPassed() async {
    let clock = TestClock()
    let (never, _) = AsyncStream<Int>.makeStream()
    let outcome = Task {
      try await withTimeout(.seconds(5), on: clock) {
        for await value in never { return value }
        throw CancellationError()
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await #expect(throws: TimeoutError.self) { try await outcome.value }
  }

  @Test func anOperationThatFinishesInTimeBeatsTheTimeout() async throws {
    let clock = TestClock()
    let value = try await withTimeout(.seconds(5), on: clock) { 42 }
    #expect(value == 42)
    try await clock.checkSuspension()
  }

  @Test func aDebouncerDeliversOnlyTheLastValueOfABurst() async {
    let clock = TestClock()
    let debouncer = Debouncer(clock: clock, delay: .seconds(1))
    debouncer.send("a")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    debouncer.send("ab")
    await clock.advance(by: .milliseconds(900))
    debouncer.send("abc")
    await clock.advance(by: .milliseconds(999))
    #expect(debouncer.delivered.value == [])
    await clock.advance(by: .milliseconds(1))
    #expect(debouncer.delivered.value == ["abc"])
  }

  @Test func aCancelledSleeperThrowsAndIsNoLongerASleeper() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(2))
    try await clock.checkSuspension()
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineAlreadyReachedReturnsWithoutWaiting() async throws {
    let clock = TestClock(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(10)))
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func runWakesEverySleeperAndStopsAtTheLastDeadline() async {
    let clock = TestClock()
    let log = LockIsolated<[Duration]>([])
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      log.withValue { $0.append(clock.now.offset) }
      try await clock.sleep(for: .seconds(9))
      log.withValue { $0.append(clock.now.offset) }
    }
    await clock.waitForSleepers()
    await clock.run()
    #expect(log.value == [.seconds(1), .seconds(10)])
    #expect(clock.now.offset == .seconds(10))
    _ = await task.result
  }

  @Test(oneMinuteLimit)
  func runWithATimeoutFinishesFiniteWorkWithoutAReport() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(3)) }
    await clock.waitForSleepers()
    await clock.run(timeout: .seconds(30))  // an issue it reported would fail this test
    #expect(clock.now.offset == .seconds(3))
    // Should the run give up, the task still sleeps on a clock no one moves: awaiting it
    // uncancelled would hang the whole run, past the time limit.
    task.cancel()
    _ = await task.result
  }

  @Test(oneMinuteLimit)
  func runWithATimeoutGivesUpOnARepeatingTimerOnceThatMuchRealTimeHasPassed() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers()
    // A wake limit the timeout reaches first: the run stops on real time, not on a count.
    let issues = await recordedIssues { await clock.run(timeout: .milliseconds(50), maxWakes: .max) }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("TestClock.run(timeout: 0.05 seconds) woke ") == true)
    #expect(issues.first?.contains(" sleepers in that time and 1 still sleep; it gave up at ") == true)
    #expect(issues.first?.contains("give run(timeout:) more time if the work is finite but slow.") == true)
    timer.cancel()
    _ = await timer.result
  }

  @Test func runReportsARepeatingTimerInsteadOfHanging() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers()
    let issues = await recordedIssues { await clock.run(maxWakes: 5) }
    #expect(
      issues == [
        """
        TestClock.run() woke 5 sleepers and 1 still sleep; it gave up at 5.0 seconds.

        Something sleeps again every time it wakes, such as a repeating timer, so running until no task sleeps would never end.

        To fix:
          • Advance by the time the test is about instead: `await clock.advance(by: …)`.
          • Or cancel the repeating task before calling run(), or raise run(maxWakes:) if the work is finite but long.
        """
      ])
    timer.cancel()
    _ = await timer.result
  }

  @Test func movingBackwardsIsReportedAndTimeStaysPut() async {
    let clock = TestClock(now: .init(offset: .seconds(5)))
    let issues = await recordedIssues { await clock.advance(to: .init(offset: .seconds(2))) }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("TestClock cannot move back from 5.0 seconds to 2.0 seconds") == true)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func checkSuspensionThrowsWhileATaskSleeps() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(3)) }
    await clock.waitForSleepers()
    await #expect(throws: TestClockSuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(3))
    try await clock.checkSuspension()
    try await task.value
  }

  @Test func waitingForASleepThatNeverStartsIsReported() async {
    let clock = TestClock()
    let issues = await recordedIssues { await clock.waitForSleepers(count: 1) }
    #expect(issues.first?.hasPrefix("TestClock.waitForSleepers(count: 1) gave up with 0 task(s) sleeping.") == true)
  }

  @Test func aClockMeasuredInAnotherDurationWorks() async throws {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(1)))
    #expect(clock.minimumResolution == .zero)
    await clock.advance(by: .seconds(1))
    #expect(clock.now == TestInstant(offset: .seconds(2)))
  }
}
