/// The sleepers of a ``TestClock`` and its time, behind one lock. Continuations are handed
/// back to the caller to resume after the lock is released.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class TestClockState<Duration: DurationProtocol & Hashable>: @unchecked Sendable {
  // @unchecked: `storage`, the only mutable state, is read and written only inside
  // `lock.withLock`. This is what lets `TestClock` itself be checked `Sendable`.
  typealias Instant = TestInstant<Duration>

  struct Sleeper {
    let id: Int
    let deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    /// Decided before the sleeping task stored its continuation; it resumes itself.
    var outcome: Outcome?
  }

  enum Outcome { case woken, cancelled }

  struct Storage {
    var now: Instant
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    /// Bumped by every sleep that starts, ends or is cancelled, so `settle` can tell a quiet
    /// clock from a busy one.
    var activity = 0
    /// Woken sleepers that have resumed running, and the wakers waiting to hear it.
    var acknowledged: Set<Int> = []
    var acknowledgementWaiters: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Sleepers not yet woken or cancelled, in the order they will be woken.
    var pendingSleepers: [Sleeper] {
      sleepers.values.filter { $0.outcome == nil }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
    }

    /// Records a sleeper; `nil` when the deadline has already come.
    mutating func register(_ deadline: Instant) -> Int? {
      guard now < deadline else { return nil }
      nextID += 1
      sleepers[nextID] = Sleeper(id: nextID, deadline: deadline)
      activity += 1
      return nextID
    }

    /// Stores the sleeper's continuation, or returns what was decided while it had none.
    mutating func attach(_ continuation: CheckedContinuation<Void, any Error>, to id: Int) -> Outcome? {
      guard let sleeper = sleepers[id] else { return nil }
      if let outcome = sleeper.outcome {
        sleepers[id] = nil
        return outcome
      }
      sleepers[id]?.continuation = continuation
      return nil
    }

    /// Cancels a sleeper not yet woken; returns its continuation to resume by throwing.
    mutating func cancel(_ id: Int) -> CheckedContinuation<Void, any Error>? {
      guard let sleeper = sleepers[id], sleeper.outcome == nil else { return nil }
      activity += 1
      guard let continuation = sleeper.continuation else {
        sleepers[id]?.outcome = .cancelled
        return nil
      }
      sleepers[id] = nil
      return continuation
    }

    /// Wakes the first sleeper due by `deadline`, moving `now` to its deadline; when none is
    /// due, moves `now` to `deadline` and returns `nil`.
    mutating func wakeNext(until deadline: Instant) -> (id: Int, continuation: CheckedContinuation<Void, any Error>?)? {
      guard let next = pendingSleepers.first, next.deadline <= deadline else {
        now = max(now, deadline)
        return nil
      }
      now = max(now, next.deadline)
      activity += 1
      guard let continuation = next.continuation else {
        sleepers[next.id]?.outcome = .woken
        return (next.id, nil)
      }
      sleepers[next.id] = nil
      return (next.id, continuation)
    }

    /// A woken sleeper is running again; returns the waker waiting to hear it.
    mutating func acknowledge(_ id: Int) -> CheckedContinuation<Void, Never>? {
      activity += 1
      guard let waiter = acknowledgementWaiters.removeValue(forKey: id) else {
        acknowledged.insert(id)
        return nil
      }
      return waiter
    }

    /// Waits for `id`'s acknowledgement; returns the waiter when it already came.
    mutating func awaitAcknowledgement(of id: Int, _ waiter: CheckedContinuation<Void, Never>) -> CheckedContinuation<
      Void, Never
    >? {
      if acknowledged.remove(id) != nil { return waiter }
      acknowledgementWaiters[id] = waiter
      return nil
    }
  }

  private let lock = Lock()
  private var storage: Storage

  init(now: Instant) {
    storage = Storage(now: now)
  }

  func withLock<R>(_ body: (inout Storage) -> R) -> R {
    lock.withLock { body(&storage) }
  }
}
