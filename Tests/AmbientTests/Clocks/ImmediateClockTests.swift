import Ambient
import AmbientTestSupport
import Testing

@Suite(oneMinuteLimit) struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveNowToTheirDeadline() async throws {
    let clock = ImmediateClock()
    for _ in 0..<10 { try await clock.sleep(for: .seconds(60)) }
    #expect(clock.now.offset == .seconds(600))
  }

  @Test func nowNeverMovesBackwards() async throws {
    let clock = ImmediateClock(now: .init(offset: .seconds(5)))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aTimeoutOnTheClockFiresImmediately() async {
    let clock = ImmediateClock()
    let (never, _) = AsyncStream<Int>.makeStream()
    let result = await withTaskGroup(of: String.self) { group in
      group.addTask {
        for await _ in never {}
        return "finished"
      }
      group.addTask {
        try? await clock.sleep(for: .seconds(30))
        return "timed out"
      }
      defer { group.cancelAll() }
      return await group.next()!
    }
    #expect(result == "timed out")
  }

  @Test func aCancelledSleepThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }
}
