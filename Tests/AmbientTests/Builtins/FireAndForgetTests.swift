import Ambient
import AmbientTestSupport
import Testing

private struct Failure: Error, CustomStringConvertible {
  var description: String { "Failure()" }
}

@Suite(oneMinuteLimit) struct FireAndForgetTests {
  @Test func inTestsTheOperationIsAwaited() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let ran = LockIsolated(false)
    await fireAndForget { ran.setValue(true) }
    #expect(ran.value)
  }

  @Test func inTestsAThrownErrorIsReported() async {
    @Dependency(\.fireAndForget) var fireAndForget
    await withKnownIssue {
      await fireAndForget(priority: .low) { throw Failure() }
    } matching: {
      $0.comments.map(\.rawValue).joined() == "fireAndForget: the operation threw Failure()"
    }
  }

  // `AsyncStream.makeStream` is newer than the package's Apple deployment targets.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func liveReturnsBeforeTheOperationFinishes() async {
    let fireAndForget = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      return fireAndForget
    }
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
    await fireAndForget {
      startedContinuation.yield()
      for await _ in release { break }
    }
    // Reaching here while the operation waits for `release` proves the call did not wait.
    for await _ in started { break }
    releaseContinuation.yield()
  }
}
