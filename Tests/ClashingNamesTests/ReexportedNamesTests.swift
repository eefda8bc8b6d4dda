import Ambient
import ClashingNames
import Testing

import class ClashingNames.ActorIsolated

// The swift-concurrency-extras names Ambient now carries for swift-dependencies users:
// beside a module that declares them too, as ConcurrencyExtras does, a file compiles and each
// unqualified call reaches the other module, because Ambient's are disfavoured. The type
// `ActorIsolated` cannot be disfavoured; the scoped import above settles it, as the migration
// guide says. (Both modules' `streamWithContinuation` are deprecated, so a call here would
// warn; the migration tool rewrites it to `makeStream(of:)`.)

@Suite struct ReexportedNamesTests {
  @Test func erasingToAStreamIsTheOtherModules() {
    let numbers = AsyncStream<Int> { $0.finish() }
    _ = numbers.eraseToStream()
    _ = numbers.eraseToThrowingStream()
    #expect(CallLog.contains("eraseToStream", ""))
    #expect(CallLog.contains("eraseToThrowingStream", ""))
  }

  @Test func streamsFromASequenceAreTheOtherModules() {
    let numbers = AsyncStream<Int> { $0.finish() }
    _ = AsyncStream(numbers)
    _ = AsyncThrowingStream(numbers)
    #expect(CallLog.contains("AsyncStream(sequence)", ""))
    #expect(CallLog.contains("AsyncThrowingStream(sequence)", ""))
  }

  @Test func neverAndFinishedAreTheOtherModules() {
    let never: AsyncStream<Int> = .never
    let finished: AsyncStream<Int> = .finished
    let throwingNever: AsyncThrowingStream<Int, any Error> = .never
    let throwingFinished: AsyncThrowingStream<Int, any Error> = .finished()
    _ = (never, finished, throwingNever, throwingFinished)
    #expect(CallLog.contains("AsyncStream.never", ""))
    #expect(CallLog.contains("AsyncStream.finished", ""))
    #expect(CallLog.contains("AsyncThrowingStream.never", ""))
    #expect(CallLog.contains("AsyncThrowingStream.finished", ""))
  }

  @Test func resultCatchingIsTheOtherModules() async throws {
    let result = await Result { () async throws -> Int in 1 }
    #expect(try result.get() == 1)
    #expect(CallLog.contains("Result(catching:)", ""))
  }

  @Test func taskNeverIsTheOtherModules() async {
    // The fixture's `never()` throws at once; Ambient's would wait for cancellation.
    await #expect(throws: CancellationError.self) { try await Task<Int, Never>.never() }
    #expect(CallLog.contains("Task.never", ""))
  }

  @Test func actorIsolatedIsTheImportedOne() async {
    let count = ActorIsolated(1)
    await count.withValue { $0 += 1 }
    #expect(await count.value == 2)
    #expect(String(reflecting: type(of: count)) == "ClashingNames.ActorIsolated<Swift.Int>")
  }
}
