import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

@Suite struct TestClockRunCompatibilityTests {
  @Test(oneMinuteLimit)
  func runWithATimeoutFinishesTheWorkOnTheClock() async throws {
    let clock = TestClock()
    let log = LockIsolated<[Duration]>([])
    let task = Task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        log.withValue { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers()
    // Real time, which ThreadSanitizer on two busy cores stretched past five seconds for these
    // three wakes; still well inside the test's time limit.
    await clock.run(timeout: .seconds(30))
    // Should the run give up, the task still sleeps on a clock no one moves: cancelled, it
    // throws and fails the test, where awaiting it would hang the whole run (a time limit
    // cannot end an await on an unstructured task).
    task.cancel()
    try await task.value
    #expect(log.value == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test(oneMinuteLimit)
  func runWithMaxWakesStillWorks() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    await clock.run(maxWakes: 10)
    #expect(clock.now.offset == .seconds(1))
    _ = await task.result
  }
}

final class TestClockRunCompatibilityXCTests: XCTestCase {
  func testRunWithATimeoutFinishesTheWorkOnTheClock() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(2)) }
    await clock.waitForSleepers()
    await clock.run(timeout: .seconds(30))
    // Throws, rather than hanging, if the run gave up with the task still asleep.
    task.cancel()
    try await task.value
    XCTAssertEqual(clock.now.offset, .seconds(2))
  }
}
