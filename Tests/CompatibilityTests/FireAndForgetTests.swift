import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

private struct SyncFailed: Error, CustomStringConvertible {
  var description: String { "SyncFailed()" }
}

/// A caller that is already cancelled when it hands work to `fireAndForget`, and what the
/// work saw: `Task.isCancelled` inside it.
private func workSeesCancellation() async -> Bool? {
  @Dependency(\.fireAndForget) var fireAndForget
  let sawCancellation = LockIsolated<Bool?>(nil)
  let caller = Task {
    withUnsafeCurrentTask { $0?.cancel() }
    await fireAndForget { sawCancellation.setValue(Task.isCancelled) }
  }
  await caller.value
  return sawCancellation.value
}

@Suite struct FireAndForgetCompatibilityTests {
  @Test(oneMinuteLimit)
  func cancellingTheCallerDoesNotCancelTheWork() async {
    // `nil` would mean the test value returned before the work ran: it must await it.
    #expect(await workSeesCancellation() == false)
  }

  @Test(oneMinuteLimit)
  func anErrorTheWorkThrowsIsStillReported() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let texts = await recordedIssues { await fireAndForget { throw SyncFailed() } }
    #expect(texts == ["fireAndForget: the operation threw SyncFailed()"])
  }
}

final class FireAndForgetCompatibilityXCTests: XCTestCase {
  func testCancellingTheCallerDoesNotCancelTheWork() async {
    let sawCancellation = await workSeesCancellation()
    XCTAssertEqual(sawCancellation, false)
  }

  func testAnErrorTheWorkThrowsIsStillReported() async {
    @Dependency(\.fireAndForget) var fireAndForget
    await withExpectedIssue {
      await fireAndForget { throw SyncFailed() }
    }
  }
}
