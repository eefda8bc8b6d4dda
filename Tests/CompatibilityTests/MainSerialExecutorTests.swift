import Ambient
import AmbientTestSupport
import Foundation
import Testing
import XCTest

// The executor hook is process-wide, so the Swift Testing cases run in a child process (an
// exit test) of their own, where no other test's tasks are queued on the main thread; a
// failed check exits with a failure status.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
@Suite struct MainSerialExecutorCompatibilityTests {
  @Test(oneMinuteLimit)
  func tasksRunOneAtATimeInTheOrderTheyWereStarted() async {
    await #expect(processExitsWith: .success) {
      await withMainSerialExecutor {
        precondition(uncheckedUseMainSerialExecutor, "the hook is installed inside")
        let order = LockIsolated<[Int]>([])
        let tasks = (0..<20).map { index in
          Task.detached { order.withValue { $0.append(index) } }
        }
        for task in tasks { await task.value }
        precondition(order.value == Array(0..<20), "started order, got \(order.value)")
      }
      precondition(!uncheckedUseMainSerialExecutor, "the hook is removed after")
    }
  }

  @Test(oneMinuteLimit)
  func megaYieldLetsEveryQueuedTaskRunFirst() async {
    await #expect(processExitsWith: .success) {
      await withMainSerialExecutor {
        let ran = LockIsolated(0)
        for _ in 0..<5 {
          Task.detached { ran.withValue { $0 += 1 } }
        }
        // On the serial executor the detached tasks are queued ahead of megaYield's rounds.
        await Task.megaYield()
        precondition(ran.value == 5, "megaYield returned before the queued tasks ran: \(ran.value)")
      }
    }
  }
}
#endif

final class MainSerialExecutorCompatibilityXCTests: XCTestCase {
  // XCTest runs one test method at a time, so the process-wide hook affects only this one.
  override func invokeTest() {
    withMainSerialExecutor { super.invokeTest() }
  }

  func testTheSynchronousFormInstallsTheHookForTheTest() {
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
  }

  @MainActor
  func testTasksRunInTheOrderTheyWereStarted() async {
    let order = LockIsolated<[Int]>([])
    let tasks = (0..<10).map { index in
      Task.detached { order.withValue { $0.append(index) } }
    }
    for task in tasks { await task.value }
    XCTAssertEqual(order.value, Array(0..<10))
  }
}
