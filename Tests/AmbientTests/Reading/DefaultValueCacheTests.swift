import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// A default value built from another dependency's.
enum ComposedKey: DependencyKey {
  static var liveValue: String { "composed of \(DependencyValues._current[CountedKey<First>.self].context)" }
}

/// A live value that waits for another thread, which reads a different dependency.
enum WaitsForAnotherThreadKey: DependencyKey {
  struct Outcome: Sendable {
    var readOnTheOtherThread: DependencyContext?
    var timedOut: Bool
  }

  static var liveValue: Outcome {
    let values = DependencyValues._current
    let read = LockIsolated<DependencyContext?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      read.setValue(values[CountedKey<Second>.self].context)
      done.signal()
    }.start()
    // A safety net: without it, a deadlock would hang the test run instead of failing it.
    let timedOut = done.wait(timeout: .now() + 30) == .timedOut
    return Outcome(readOnTheOtherThread: read.value, timedOut: timedOut)
  }
}

/// A cycle: each live value reads the other's.
enum CycleA: DependencyKey {
  static var liveValue: Int { DependencyValues._current[CycleB.self] }
}

enum CycleB: DependencyKey {
  static var liveValue: Int { DependencyValues._current[CycleA.self] }
}

/// Default values: built once per key, per context, per root (and per test, which
/// AmbientTestingTests cover), safely under concurrency.
@Suite struct DefaultValueCacheTests {
  @Test func aDefaultIsBuiltOncePerKeyPerContext() {
    let log = BuildLog()
    var values = DependencyValues.counting(.live, log: log)

    for context in [DependencyContext.live, .preview, .test] {
      values.context = context
      let first = values[CountedKey<First>.self]
      let second = values[CountedKey<First>.self]
      #expect(first === second)
      #expect(first.context == context)
    }
    _ = values[CountedKey<Second>.self]

    #expect(log.all == ["First.live", "First.preview", "First.test", "Second.test"])
  }

  @Test func readsThroughModelsShareTheBuiltValue() {
    let log = BuildLog()
    let (first, second) = withDependencies {
      $0 = .counting(.live, log: log)
    } operation: {
      (DependencyValues._current[CountedKey<First>.self], DependencyValues._current[CountedKey<First>.self])
    }
    #expect(first === second)
    #expect(log.count("First.live") == 1)
  }

  @Test func eachRootBuildsItsOwn() {
    let log = BuildLog()
    let root1 = DependencyValues.counting(.live, log: log)
    let root2 = DependencyValues.counting(.live, log: log)

    let first = root1[CountedKey<First>.self]
    let second = root2[CountedKey<First>.self]

    #expect(first !== second)
    #expect(root1[CountedKey<First>.self] === first)
    #expect(log.count("First.live") == 2)
  }

  @Test(oneMinuteLimit) func concurrentFirstReadsBuildOnce() {
    let log = BuildLog()
    let values = DependencyValues.counting(.live, log: log)
    let threads = 8
    let barrier = Barrier(count: threads)
    let reads = LockIsolated<[ObjectIdentifier]>([])
    let allArrived = LockIsolated(true)

    runOnThreads(threads) { _ in
      if !barrier.arriveAndWait() { allArrived.setValue(false) }
      let built = values[CountedKey<First>.self]
      reads.withValue { $0.append(ObjectIdentifier(built)) }
    }

    #expect(allArrived.value)
    #expect(log.count("First.live") == 1)
    #expect(reads.value.count == threads)
    #expect(Set(reads.value).count == 1)
  }

  @Test(oneMinuteLimit) func concurrentFirstReadsFromTasksBuildOnce() async {
    let log = BuildLog()
    let reads = await withDependencies {
      $0 = .counting(.live, log: log)
    } operation: {
      await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<32 {
          group.addTask { ObjectIdentifier(DependencyValues._current[CountedKey<First>.self]) }
        }
        return await group.reduce(into: Set()) { $0.insert($1) }
      }
    }
    #expect(log.count("First.live") == 1)
    #expect(reads.count == 1)
  }

  @Test func aLiveValueThatReadsOtherDependenciesWorks() {
    let log = BuildLog()
    let values = DependencyValues.counting(.live, log: log)

    #expect(values[ComposedKey.self] == "composed of live")
    #expect(log.all == ["First.live"])
  }

  @Test(oneMinuteLimit) func aLiveValueWaitingOnAThreadThatReadsAnotherDependencyDoesNotDeadlock() {
    let log = BuildLog()
    let values = DependencyValues.counting(.live, log: log)

    let outcome = values[WaitsForAnotherThreadKey.self]

    #expect(!outcome.timedOut)
    #expect(outcome.readOnTheOtherThread == .live)
    #expect(log.all == ["Second.live"])
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test(oneMinuteLimit) func aCycleIsReportedWithItsChainThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DependencyValues.freshRoot(.live)[CycleA.self]
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("Dependency cycle while building live values: CycleA → CycleB → CycleA."))
  }
  #endif

  @Test func theCycleMessage() {
    #expect(
      IssueMessage.dependencyCycle(["CycleA", "CycleB", "CycleA"], context: .test).description == """
        Dependency cycle while building test values: CycleA → CycleB → CycleA.

        Each of these default values reads the next one while it is being built, so none of them can ever finish.

        To fix:
          • Read the dependency inside an endpoint closure instead of while building the value, so it is resolved when called.
          • Or split the shared part into a dependency of its own that both can read.
        """
    )
  }
}
