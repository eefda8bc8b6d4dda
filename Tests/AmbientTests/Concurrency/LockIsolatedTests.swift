import Ambient
import AmbientTestSupport
import Testing

/// The lock-guarded box for test doubles that record calls.
@Suite struct LockIsolatedTests {
  @Test func valueWithValueAndSetValue() {
    let isolated = LockIsolated([1])

    let count = isolated.withValue { values -> Int in
      values.append(2)
      return values.count
    }
    #expect(count == 2)
    #expect(isolated.value == [1, 2])

    isolated.setValue([3])
    #expect(isolated.value == [3])
  }

  @Test func withValueRethrowsAndKeepsChangesMadeBeforeTheThrow() {
    struct Failure: Error {}
    let isolated = LockIsolated(0)

    #expect(throws: Failure.self) {
      try isolated.withValue { value in
        value = 1
        throw Failure()
      }
    }
    #expect(isolated.value == 1)
  }

  @Test func withValueChangesTheStoredValueWithoutCopyingIt() {
    final class Storage {}
    struct Holder { var storage = Storage() }
    let isolated = LockIsolated(Holder())

    // A copy taken out and written back would leave a second reference while the closure runs.
    let unique = isolated.withValue { isKnownUniquelyReferenced(&$0.storage) }
    #expect(unique)
  }

  @Test(oneMinuteLimit) func holdsAValueThatIsNotSendable() async {
    final class Counter { var count = 0 }
    let isolated = LockIsolated(Counter())

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { isolated.withValue { $0.count += 1 } }
      }
    }

    #expect(isolated.withValue { $0.count } == 100)
  }

  @Test(oneMinuteLimit) func concurrentIncrementsAreNotLost() async {
    let counter = LockIsolated(0)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { counter.withValue { $0 += 1 } }
      }
    }

    #expect(counter.value == 1_000)
  }

  @Test(oneMinuteLimit) func concurrentIncrementsFromThreadsAreNotLost() {
    let counter = LockIsolated(0)
    let barrier = Barrier(count: 4)

    runOnThreads(4) { _ in
      barrier.arriveAndWait()
      for _ in 0..<1_000 { counter.withValue { $0 += 1 } }
    }

    #expect(counter.value == 4_000)
  }
}
