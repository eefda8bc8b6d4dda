import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// A first read and a preparation of one key, each held at its point (``RacePoint``) so that
/// they interleave where the C2 race did, on every run: the read has found no value and is
/// about to claim the key while the preparation has checked what it checks and is about to
/// store. `PreparationRaceTests` races the two freely in a release build; these pin the
/// interleavings that race produced now and then.
///
/// Whatever the order, a preparation either wins for every reader or is reported as too late,
/// and the first read hands out the value every later read sees. Here the read claims the key
/// first, so the preparation is too late.
@Suite(.serialized, oneMinuteLimit) struct PreparationOrderTests {
  /// The read claims, builds and stores its value while the preparation waits to store.
  @Test func aFirstReadBuiltWhileThePreparationWaitedToStore() async throws {
    let outcome = try await onAThread { interleave(FreelyBuiltKey.self, build: nil) }.get()
    #expect(outcome.read === outcome.later, "the first read handed out a value later reads do not see")
    #expect(outcome.conflicts == 1, "the preparation came after the read built the key; it is reported")
    #expect(outcome.later !== outcome.prepared)
  }

  /// The read claims and is still building when the preparation goes on to store.
  @Test func aPreparationStoresWhileAFirstReadBuilds() async throws {
    let building = Gate()
    HeldBuildKey.building.setValue(building)
    let outcome = try await onAThread { interleave(HeldBuildKey.self, build: building) }.get()
    #expect(outcome.read === outcome.later, "the first read handed out a value later reads do not see")
    #expect(outcome.conflicts == 1, "the preparation came while the read built the key; it is reported")
    #expect(outcome.later !== outcome.prepared)
  }
}

/// What each side got, and what a read after both sees.
private struct Outcome {
  let read: Token?
  let later: Token
  let prepared: Token
  let conflicts: Int?
}

/// Holds a first read of `Key` where it is about to claim the key, then a preparation of `Key`
/// where it is about to store, each on a thread of its own; then lets the read go on, and the
/// preparation once the read has stored its value, or, with `build`, once the read is inside its
/// build (held at `build`). Either an outcome or why a side never got where it should.
///
/// Synchronous, and run on a thread of its own, never the cooperative pool's: the preparation
/// is held inside the caches' lock, which first reads in other tests wait for, on the pool's
/// few threads; a step of this function that needed the pool could wait for them in turn.
private func interleave<Key: TestDependencyKey>(_: Key.Type, build: Gate?) -> Result<Outcome, Failure>
where Key.Value == Token {
  let root = DefaultValueRoot()
  let values = DependencyValues(root: root)
  let prepared = Token(id: -1)
  let readAtClaim = Gate()
  let preparationAtStore = Gate()
  RacePoints.onNext(.firstReadClaims, of: Key.self) { readAtClaim.arrive() }
  RacePoints.onNext(.preparationStores, of: Key.self) { preparationAtStore.arrive() }
  defer {
    // Lets every side go on, whatever was reached, so that nothing waits out its timeout (each
    // gate serves one run: a release too many is never seen).
    for gate in [readAtClaim, preparationAtStore, build].compactMap({ $0 }) { gate.release() }
  }

  let read = LockIsolated<Token?>(nil)
  let readDone = DispatchSemaphore(value: 0)
  Thread {
    read.setValue(DependencyValues.withBound(values) { DependencyValues.current[Key.self] })
    readDone.signal()
  }.start()
  guard readAtClaim.waitUntilArrived() else { return .failure("the first read never reached its claim") }

  let conflicts = LockIsolated<Int?>(nil)
  let preparationDone = DispatchSemaphore(value: 0)
  Thread {
    let box = ValueBox(prepared)
    conflicts.setValue(root.prepare(context: nil, keysContext: nil, boxes: [(TypeTable.key(Key.self), box)]).count)
    preparationDone.signal()
  }.start()
  guard preparationAtStore.waitUntilArrived() else { return .failure("the preparation never reached its store") }

  readAtClaim.release()
  if let build {
    guard build.waitUntilArrived() else { return .failure("the first read never began its build") }
    preparationAtStore.release()
    guard finished(preparationDone) else { return .failure("the preparation never finished") }
    build.release()
    guard finished(readDone) else { return .failure("the first read never finished") }
  } else {
    guard finished(readDone) else { return .failure("the first read never finished") }
    preparationAtStore.release()
    guard finished(preparationDone) else { return .failure("the preparation never finished") }
  }
  let later = DependencyValues.withBound(values) { DependencyValues.current[Key.self] }
  return .success(Outcome(read: read.value, later: later, prepared: prepared, conflicts: conflicts.value))
}

/// Why an interleaving could not be made.
private struct Failure: Error, ExpressibleByStringLiteral {
  let reason: String
  init(stringLiteral reason: String) { self.reason = reason }
}

/// Whether `done` was signalled within 30 seconds.
private func finished(_ done: DispatchSemaphore) -> Bool { done.wait(timeout: .now() + 30) == .success }

/// Holds a thread where it arrives until the test releases it (30 seconds at most).
private final class Gate: Sendable {
  private let arrived = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)

  func arrive() {
    arrived.signal()
    _ = released.wait(timeout: .now() + 30)
  }

  func waitUntilArrived() -> Bool { arrived.wait(timeout: .now() + 30) == .success }
  func release() { released.signal() }
}

/// A value with an identity: the first read built it, or the preparation chose it.
private final class Token: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

/// A key whose build runs straight through.
private enum FreelyBuiltKey: TestDependencyKey {
  static var testValue: Token { Token(id: 1) }
}

/// A key whose build waits at the gate in ``building`` until the test lets it finish.
private enum HeldBuildKey: TestDependencyKey {
  static let building = LockIsolated<Gate?>(nil)

  static var testValue: Token {
    building.value?.arrive()
    return Token(id: 2)
  }
}
