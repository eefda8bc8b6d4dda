import Ambient
import AmbientTestSupport
import Testing

// The swift-concurrency-extras names swift-dependencies re-exported, as dependency code uses
// them, now carried by Ambient so that such code compiles unchanged.

private struct Failure: Error, Equatable {}

@Suite struct ReexportedNamesCompatibilityTests {
  @Test(oneMinuteLimit)
  func eraseToStreamYieldsTheSequencesElements() async {
    let doubled = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }.map { $0 * 2 }
    var seen: [Int] = []
    for await number in doubled.eraseToStream() { seen.append(number) }
    #expect(seen == [2, 4, 6])
  }

  @Test(oneMinuteLimit)
  func eraseToThrowingStreamKeepsTheError() async {
    let failing = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: Failure())
    }.map { $0 }
    var seen: [Int] = []
    await #expect(throws: Failure.self) {
      for try await number in failing.eraseToThrowingStream() { seen.append(number) }
    }
    #expect(seen == [1])
  }

  @Test(oneMinuteLimit)
  func finishedStreamsEndAtOnce() async throws {
    for await _ in AsyncStream<Int>.finished { Issue.record("A finished stream yielded") }
    await #expect(throws: Failure.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
    }
  }

  @Test(oneMinuteLimit)
  func neverEndsOnlyWhenCancelled() async {
    let task = Task {
      var count = 0
      for await _ in AsyncStream<Int>.never { count += 1 }
      return count
    }
    task.cancel()
    #expect(await task.value == 0)
  }

  @Test(oneMinuteLimit)
  func taskNeverThrowsCancellationWhenCancelled() async {
    let task = Task { try await Task<Int, Never>.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func resultCatchingAnAsyncClosure() async throws {
    let success = await Result { () async throws -> Int in 7 }
    let failure = await Result { () async throws -> Int in throw Failure() }
    #expect(try success.get() == 7)
    #expect(throws: Failure.self) { try failure.get() }
  }

  @Test(oneMinuteLimit)
  func actorIsolatedChangesItsValueOnTheActor() async {
    let events = ActorIsolated<[String]>([])
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<10 { group.addTask { await events.withValue { $0.append("\(index)") } } }
    }
    #expect(await events.value.count == 10)
    await events.setValue(["reset"])
    #expect(await events.value == ["reset"])
  }
}
