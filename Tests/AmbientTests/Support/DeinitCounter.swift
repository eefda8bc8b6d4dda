import Ambient

/// Counts the deinitialisations of the values it hands out: the proof that something was freed.
final class DeinitCounter: Sendable {
  private let count = LockIsolated(0)

  var deinits: Int { count.value }

  /// A value whose deinit this counter counts.
  func tracked() -> Tracked { Tracked(counter: self) }

  fileprivate func recordDeinit() { count.withValue { $0 += 1 } }
}

/// A value whose deinit its counter counts.
final class Tracked: Sendable {
  private let counter: DeinitCounter
  fileprivate init(counter: DeinitCounter) { self.counter = counter }
  deinit { counter.recordDeinit() }
}
