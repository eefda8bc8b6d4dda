import AmbientRuntime
import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// Preparations racing what runs beside them, round by round on two threads that spin into
/// each round together, over a new root per round. CI runs these in a release build too, where
/// the races these guard against showed: a preparation either wins for every reader or is
/// reported as too late, and a read never hands out a value other than the one every later read
/// sees. Each scenario ends after `rounds` rounds or `timeBudget`, whichever comes first.
@Suite(.serialized, oneMinuteLimit) struct PreparationRaceTests {
  static let rounds = 1_000_000
  static let timeBudget: TimeInterval = 2

  /// A first read of a key building it while the key is prepared (C2).
  @Test func aPreparationAgainstAFirstReadOfTheSameKey() {
    let outcome = raceRounds(
      makeRound: { round in
        RoundValues(round: round, prepared: Token(id: -round))
      },
      partner: { state in
        state.read = DependencyValues.withBound(state.values) { DependencyValues.current[TokenKey.self] }
      },
      main: { state in
        let box = ValueBox(state.prepared)
        state.conflicts = state.root.prepare(context: nil, keysContext: nil, boxes: [(TokenKey.key, box)]).count
      },
      isConsistent: { state in
        let later = DependencyValues.withBound(state.values) { DependencyValues.current[TokenKey.self] }
        let preparedWon = later === state.prepared
        return state.read === later && preparedWon == (state.conflicts == 0)
      }
    )
    #expect(outcome.rounds > 0)
    #expect(outcome.inconsistent == 0, "a read and a preparation of one key disagreed")
  }

  /// The context prepared on one thread while a key is prepared on another (P1).
  @Test func aPreparationOfTheContextAgainstOneOfAKey() {
    let outcome = raceRounds(
      makeRound: { round in
        RoundValues(round: round, prepared: Token(id: -round))
      },
      partner: { state in
        state.conflicts = state.root.prepare(context: .preview, keysContext: nil, boxes: []).count
      },
      main: { state in
        let box = ValueBox(state.prepared)
        _ = state.root.prepare(context: nil, keysContext: nil, boxes: [(TokenKey.key, box)])
      },
      isConsistent: { state in
        // The key's preparation cannot conflict (nothing read it), so every read sees it,
        // whichever context won.
        let later = DependencyValues.withBound(state.values) { DependencyValues.current[TokenKey.self] }
        let context = DependencyValues.withBound(state.values) { DependencyValues.current.context }
        return later === state.prepared && (context == .preview) == (state.conflicts == 0)
      }
    )
    #expect(outcome.rounds > 0)
    #expect(outcome.inconsistent == 0, "a prepared key went to a context no read uses")
  }
}

/// One round's root and what its two threads did.
private final class RoundValues: @unchecked Sendable {
  // @unchecked: each field is written by one thread in a round, and read after both finished
  // (the round's handshake orders them).
  let root = DefaultValueRoot()
  let values: DependencyValues
  let prepared: Token
  let round: Int
  var read: Token?
  var conflicts = 0

  init(round: Int, prepared: Token) {
    self.round = round
    self.prepared = prepared
    values = DependencyValues(root: root)
  }
}

/// Runs rounds until `PreparationRaceTests.rounds` or the time budget: each round made by
/// `makeRound`, `partner` run on a thread of its own and `main` on the caller's, both released
/// together by a spin on one word, then checked by `isConsistent` once both finished.
private func raceRounds(
  makeRound: (Int) -> RoundValues,
  partner: @escaping @Sendable (RoundValues) -> Void,
  main: (RoundValues) -> Void,
  isConsistent: (RoundValues) -> Bool
) -> (rounds: Int, inconsistent: Int) {
  let handshake = Handshake()
  let partnerThread = Thread {
    var round = 1
    while let state = handshake.waitForRound(round) {
      Handshake.spin(Int.random(in: 0..<Handshake.jitter))
      partner(state)
      handshake.finish(round)
      round += 1
    }
  }
  partnerThread.start()
  let deadline = Date(timeIntervalSinceNow: PreparationRaceTests.timeBudget)
  var rounds = 0
  var inconsistent = 0
  for round in 1...PreparationRaceTests.rounds {
    if round & 0xFF == 0 && Date() >= deadline { break }
    let state = makeRound(round)
    handshake.start(round, with: state)
    // Longer on this side: the partner's operation does more before it meets the main one.
    Handshake.spin(Int.random(in: 0..<4 * Handshake.jitter))
    main(state)
    handshake.waitUntilFinished(round)
    if !isConsistent(state) { inconsistent += 1 }
    rounds += 1
  }
  handshake.stop()
  return (rounds, inconsistent)
}

/// The two threads' meeting point: a word holding the round that may start (or -1 to stop),
/// one holding the round the partner finished, both spun on, yielding the processor now and
/// then so that a busy machine still makes progress.
private final class Handshake: @unchecked Sendable {
  // @unchecked: `state` is written before the release store of `started` and read after its
  // acquire load; the words are only accessed atomically.
  private let words = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 2)
  private var state: RoundValues?

  init() { words.initialize(repeating: nil, count: 2) }
  deinit { words.deallocate() }

  func start(_ round: Int, with state: RoundValues) {
    self.state = state
    ambient_atomic_store_release(words, UnsafeRawPointer(bitPattern: round))
  }

  func stop() { ambient_atomic_store_release(words, UnsafeRawPointer(bitPattern: -1)) }

  /// The round's state once it starts, or `nil` when told to stop.
  func waitForRound(_ round: Int) -> RoundValues? {
    var spins = 0
    while true {
      let started = Int(bitPattern: ambient_atomic_load_acquire(words))
      if started == -1 { return nil }
      if started == round { return state }
      spins += 1
      if spins & 0x3FF == 0 { sched_yield() }
    }
  }

  func finish(_ round: Int) { ambient_atomic_store_release(words + 1, UnsafeRawPointer(bitPattern: round)) }

  func waitUntilFinished(_ round: Int) {
    var spins = 0
    while Int(bitPattern: ambient_atomic_load_acquire(words + 1)) != round {
      spins += 1
      if spins & 0x3FF == 0 { sched_yield() }
    }
  }

  /// The longest busy wait before the partner's operation (the main one's is four times as
  /// long): wide enough (microseconds) that the two operations meet at every offset within a
  /// lock's hold, both ways.
  static let jitter = 1_024

  /// A short busy wait of about `count` steps, so that the two threads' operations meet at
  /// varying offsets.
  static func spin(_ count: Int) {
    for step in 0..<count { blackHole(step) }  // a call per step: no loop the optimiser can fold
  }
}

@inline(never) private func blackHole(_ value: Int) { _ = value }

/// A value with an identity: the first read built it, or the preparation chose it.
private final class Token: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

private enum TokenKey: TestDependencyKey {
  static let next = LockIsolated(0)
  /// A new token per build, in every context, after a short wait that widens the window in
  /// which a preparation can meet the build.
  static var testValue: Token {
    Handshake.spin(Int.random(in: 0..<64))
    return Token(
      id: next.withValue {
        $0 += 1
        return $0
      })
  }
  static var previewValue: Token { testValue }

  static var key: UInt { TypeTable.key(TokenKey.self) }
}
