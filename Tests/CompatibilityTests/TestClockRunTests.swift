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
    await clock.run(timeout: .seconds(5))
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
    await clock.run(timeout: .seconds(5))
    try await task.value
    XCTAssertEqual(clock.now.offset, .seconds(2))
  }
}
