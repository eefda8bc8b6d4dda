import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

/// A model that takes its clock as swift-async-algorithms' operators do: a concrete `Clock`.
private final class Reminder<C: Clock>: Sendable where C.Duration == Duration {
  let fired = LockIsolated(false)
  let clock: C
  init(clock: C) { self.clock = clock }
  func schedule() async throws {
    try await clock.sleep(for: .seconds(5))
    fired.setValue(true)
  }
}

@Suite struct AnyClockCompatibilityTests {
  @Test(oneMinuteLimit)
  func wrapsADependencyClockAndMovesAsItDoes() async throws {
    let testClock = TestClock()
    try await withDependencies {
      $0.continuousClock = testClock
    } operation: {
      @Dependency(\.continuousClock) var clock
      let reminder = Reminder(clock: AnyClock(clock))
      #expect(reminder.clock.now.duration(to: reminder.clock.now) == .zero)
      let task = Task { try await reminder.schedule() }
      await testClock.waitForSleepers()
      await testClock.advance(by: .seconds(4))
      #expect(!reminder.fired.value)
      await testClock.advance(by: .seconds(1))
      try await task.value
      #expect(reminder.fired.value)
      #expect(reminder.clock.now.duration(to: reminder.clock.now.advanced(by: .seconds(1))) == .seconds(1))
    }
  }

  @Test func nowCountsFromWhenItWasMade() async {
    let testClock = TestClock()
    await testClock.advance(by: .seconds(10))
    let clock = AnyClock(testClock)
    let start = clock.now
    await testClock.advance(by: .seconds(2))
    #expect(start.duration(to: clock.now) == .seconds(2))
    #expect(start < clock.now)
    #expect(clock.now == AnyClock<Duration>.Instant(offset: .seconds(2)))
  }
}

final class AnyClockCompatibilityXCTests: XCTestCase {
  func testSleepsOnTheWrappedClock() async throws {
    let testClock = TestClock()
    let clock = AnyClock(testClock)
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await testClock.waitForSleepers()
    await testClock.advance(by: .seconds(1))
    try await task.value
    XCTAssertEqual(testClock.now.offset, .seconds(1))
  }
}
