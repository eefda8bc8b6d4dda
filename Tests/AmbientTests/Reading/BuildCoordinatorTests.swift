import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// A value whose build started a task that reads a dependency, without waiting for it.
final class Spawned<Read: Sendable>: Sendable {
  let reader = LockIsolated<Task<Read, Never>?>(nil)
  /// Whether the task's read was waiting while the value was being built: the case under test.
  let readWhileBuilding = LockIsolated(false)

  /// Holds the build until the task's read waits for `Key`.
  func waitForTheRead<Key>(of _: Key.Type) {
    let key = TypeTable.key(Key.self)
    readWhileBuilding.setValue(BuildCoordinator.shared.waitUntilAThreadWaits(forKey: key, timeout: 30))
  }
}

/// A live value that starts a task reading its own key.
enum StartsTaskReadingItselfKey: DependencyKey {
  static var liveValue: SelfReader {
    let built = SelfReader()
    built.reader.setValue(Task { ObjectIdentifier(DependencyValues._current[StartsTaskReadingItselfKey.self]) })
    built.waitForTheRead(of: StartsTaskReadingItselfKey.self)
    return built
  }
}

typealias SelfReader = Spawned<ObjectIdentifier>

/// A live value that starts a task whose child task reads ``ReadsTheStarterKey``, which reads
/// this one.
enum StartsChildTaskReadingDependentKey: DependencyKey {
  static var liveValue: Spawned<DependentOnStarter> {
    let built = Spawned<DependentOnStarter>()
    built.reader.setValue(
      Task {
        await withTaskGroup(of: DependentOnStarter.self) { group in
          group.addTask { DependencyValues._current[ReadsTheStarterKey.self] }
          return await group.next()!
        }
      })
    built.waitForTheRead(of: StartsChildTaskReadingDependentKey.self)
    return built
  }
}

struct DependentOnStarter: Sendable {
  let starter: Spawned<DependentOnStarter>
}

enum ReadsTheStarterKey: DependencyKey {
  static var liveValue: DependentOnStarter {
    DependentOnStarter(starter: DependencyValues._current[StartsChildTaskReadingDependentKey.self])
  }
}

/// A key of a cycle whose keys are built on separate threads: its live value waits until
/// every build of the cycle has started, then reads the next key.
protocol CrossThreadCycleKey: DependencyKey where Value == Int {
  associatedtype Next: CrossThreadCycleKey
  static var started: Barrier { get }
}

extension CrossThreadCycleKey {
  static var liveValue: Int {
    started.arriveAndWait()
    return DependencyValues._current[Next.self]
  }
}

/// A reads B, B reads A.
enum TwoThreadCycle {
  static let started = Barrier(count: 2)
  enum A: CrossThreadCycleKey {
    typealias Next = B
    static var started: Barrier { TwoThreadCycle.started }
  }
  enum B: CrossThreadCycleKey {
    typealias Next = A
    static var started: Barrier { TwoThreadCycle.started }
  }
}

/// A reads B, B reads C, C reads A.
enum ThreeThreadCycle {
  static let started = Barrier(count: 3)
  enum A: CrossThreadCycleKey {
    typealias Next = B
    static var started: Barrier { ThreeThreadCycle.started }
  }
  enum B: CrossThreadCycleKey {
    typealias Next = C
    static var started: Barrier { ThreeThreadCycle.started }
  }
  enum C: CrossThreadCycleKey {
    typealias Next = A
    static var started: Barrier { ThreeThreadCycle.started }
  }
}

/// A live value that waits for a thread reading the same key: a deadlock no wait-for graph
/// sees, since the builder waits on a semaphore.
enum BlockedOnItselfKey: DependencyKey {
  static var liveValue: Int {
    let values = DependencyValues._current
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = values[BlockedOnItselfKey.self]
      done.signal()
    }.start()
    // A safety net, so that a missing report fails the test instead of hanging the child.
    _ = done.wait(timeout: .now() + 30)
    return 1
  }
}

/// A live value that is slow: it returns once `released` is signalled.
enum SlowKey: DependencyKey {
  static let started = DispatchSemaphore(value: 0)
  static let released = DispatchSemaphore(value: 0)

  static var liveValue: Built {
    started.signal()
    _ = released.wait(timeout: .now() + 30)
    return Built(context: .live)
  }
}

/// Who builds which default value and who waits: only real cycles are cycles, each one is
/// named whichever threads it spans, and a wait that cannot end is reported, never silent.
@Suite(oneMinuteLimit) struct BuildCoordinatorTests {
  @Test func aTaskStartedByALiveValueReadsItsKeyOnceBuilt() async {
    let values = DependencyValues.freshRoot(.live)

    let built = await onAThread { values[StartsTaskReadingItselfKey.self] }
    let read = await built.reader.value?.value

    #expect(built.readWhileBuilding.value)
    #expect(read == ObjectIdentifier(built))
  }

  @Test func aChildTaskReadingAKeyThatReadsTheOneBeingBuiltWaitsForIt() async {
    let values = DependencyValues.freshRoot(.live)

    let built = await onAThread { values[StartsChildTaskReadingDependentKey.self] }
    let dependent = await built.reader.value?.value

    #expect(built.readWhileBuilding.value)
    #expect(dependent?.starter === built)
    #expect(await onAThread { values[ReadsTheStarterKey.self] }.starter === built)
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test func aCycleAcrossTwoThreadsIsReportedWithItsChainThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let values = DependencyValues.freshRoot(.live)
      Thread { _ = values[TwoThreadCycle.A.self] }.start()
      _ = values[TwoThreadCycle.B.self]
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    // Whichever thread reaches the other's key second finds the cycle, and names it from there.
    let reports = ["A → B → A", "B → A → B"].filter {
      standardError.contains("Dependency cycle while building live values: \($0).")
    }
    #expect(reports.count == 1, "\(standardError)")
  }

  @Test func aCycleAcrossThreeThreadsIsReportedWithItsChainThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let values = DependencyValues.freshRoot(.live)
      Thread { _ = values[ThreeThreadCycle.A.self] }.start()
      Thread { _ = values[ThreeThreadCycle.B.self] }.start()
      _ = values[ThreeThreadCycle.C.self]
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let reports = ["A → B → C → A", "B → C → A → B", "C → A → B → C"].filter {
      standardError.contains("Dependency cycle while building live values: \($0).")
    }
    #expect(reports.count == 1, "\(standardError)")
  }

  @Test func aBuildBlockedOnAThreadReadingTheSameKeyIsReportedAsADeadlock() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      BuildCoordinator.shared.deadlockThreshold = 0.05
      let capture = StandardErrorCapture()
      Thread {
        _ = DependencyValues.freshRoot(.live)[BlockedOnItselfKey.self]
        capture.restore()
      }.start()
      // The deadlock never ends: end the process once it is reported.
      capture.forward(capture.read(until: "not on the first read."))
      // Not `exit`: its clean-up would run beside the threads still stuck in the deadlock.
      _exit(EXIT_SUCCESS)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains { $0.contains("Ambient warning: Suspected deadlock while building live values: thread ") })
    #expect(standardError.contains(" has waited 0.05 s for BlockedOnItselfKey, which thread "))
    #expect(lines.contains { $0.hasPrefix("  thread ") && $0.hasSuffix(": waits for BlockedOnItselfKey") })
    #expect(
      lines.contains {
        $0.hasPrefix("  thread ") && $0.hasSuffix(": building BlockedOnItselfKey, blocked outside Ambient, or slow")
      }
    )
    #expect(standardError.contains("Ambient keeps waiting."))
  }

  @Test func aWaiterReportsASlowBuildThenGetsItsValue() async {
    await #expect(processExitsWith: .success) {
      BuildCoordinator.shared.deadlockThreshold = 0.05
      let capture = StandardErrorCapture()
      let values = DependencyValues.freshRoot(.live)
      let first = LockIsolated<Built?>(nil)
      let second = LockIsolated<Built?>(nil)
      let done = DispatchSemaphore(value: 0)
      Thread {
        first.setValue(values[SlowKey.self])
        done.signal()
      }.start()
      Thread {
        _ = SlowKey.started.wait(timeout: .now() + 30)
        second.setValue(values[SlowKey.self])
        done.signal()
      }.start()
      Thread {
        // Ends the capture once both reads are done, reported or not, so that it cannot hang.
        _ = done.wait(timeout: .now() + 30)
        _ = done.wait(timeout: .now() + 30)
        capture.restore()
      }.start()
      let report = capture.read(until: "Ambient keeps waiting.")
      SlowKey.released.signal()
      // Until the restore: the reads are done.
      _ = capture.read()
      let reported = report.contains("Suspected deadlock while building live values: ")
      _exit(reported && first.value != nil && first.value === second.value ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }
  #endif

  @Test func theDeadlockMessage() {
    let message = IssueMessage.suspectedDeadlock(
      key: "Parser", waiter: "thread 7", builder: "the main thread", waited: 10,
      threads: [
        ("thread 7", "building Editor, waits for Parser"),
        ("the main thread", "building Document → Parser, waits for Grammar"),
        ("thread 3", "building Grammar, blocked outside Ambient, or slow"),
      ],
      context: .live
    )
    #expect(
      message.description == """
        Suspected deadlock while building live values: thread 7 has waited 10 s for Parser, which the main thread is still building.

          thread 7:        building Editor, waits for Parser
          the main thread: building Document → Parser, waits for Grammar
          thread 3:        building Grammar, blocked outside Ambient, or slow

        The build is blocked outside Ambient (typically on a DispatchQueue.sync call or a semaphore whose other side reads Parser), or is very slow. Ambient keeps waiting.

        To fix:
          • Don't make a liveValue wait for work that reads the dependency being built: read it inside an endpoint closure, or start that work without waiting for it.
          • If the build is only slow, move the slow part into an endpoint, so it runs when called, not on the first read.
        """
    )
  }
}
