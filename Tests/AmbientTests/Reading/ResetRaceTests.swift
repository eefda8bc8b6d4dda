import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@testable import Ambient

/// Resets racing reads of every kind. CI runs these in a release build, where the optimiser is
/// free to move retains, and under ThreadSanitizer: a read must own what it returns before a
/// reset can free it, and a reset must free what it forgot before it returns.
@Suite(.serialized, oneMinuteLimit) struct ResetRaceTests {
  /// Two readers, as in the reports this guards against; each scenario ends after this many
  /// resets or after `timeBudget`, whichever comes first.
  static let readerCount = 2
  static let resets = 20_000
  static let timeBudget: TimeInterval = 2

  @Test func currentValuesReadFromThreads() {
    withFreshLiveRoot {
      race(threadReaders: { DependencyValues._current[ProbeKey.self] }) {
        DependencyValues.resetDefaultValue(of: ProbeKey.self)
      }
    }
  }

  @Test func aHeldModelReadFromThreads() {
    withFreshLiveRoot {
      let model = ProbeModel()
      race(threadReaders: { model.probe }) {
        DependencyValues.resetDefaultValue(of: ProbeKey.self)
      }
    }
  }

  @Test func aNewModelPerRead() {
    withFreshLiveRoot {
      race(threadReaders: { ProbeModel().probe }) {
        DependencyValues.resetAllDefaultValues()
      }
    }
  }

  @Test func readsUnderAScopeFromTasks() async {
    await withDependencies {
      $0 = .freshRoot(.live)
    } operation: {
      await withDependencies {
        $0.allValues = "scoped"
      } operation: {
        let life = ProbeKey.life
        let before = life.snapshot
        let outcome = RaceOutcome()
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<Self.readerCount {
            group.addTask { outcome.readUntilStopped { DependencyValues._current[ProbeKey.self] } }
          }
          // The resets run on a thread of their own, which also stops the readers: until then
          // they keep the cooperative pool busy.
          await withEscapedDependencies { continuation in
            await onAThread {
              continuation.yield {
                outcome.reset(life: life, since: before) { DependencyValues.resetAllDefaultValues() }
                outcome.stop()
              }
            }
          }
        }
        outcome.check(life: life, since: before) { DependencyValues.resetAllDefaultValues() }
      }
    }
  }

  /// A finished test's release: each round's model captures the running test's values, then
  /// the test's root is released (as AmbientTesting does when a test ends) while the readers
  /// still read the model. The model keeps its root, and so its values, alive.
  ///
  /// The test takes its token once and releases that token's root every round, so its token
  /// must stay its own to the end. Without a trait, Swift Testing does not say when a test
  /// ends, and a test whose root was just released looks finished to AmbientTesting, which
  /// makes room for newer cases: once it forgot this test (after 1,024 newer cases, whatever
  /// the test did), later models captured a new token's root that the rounds never released,
  /// and the test failed in about 3 of 8 runs beside the other suites. `.dependencies` says when
  /// the test ends; until then its token is kept.
  @Test(.dependencies) func aFinishedTestsReleaseUnderReaders() {
    let life = ProbeKey.life
    let before = life.snapshot
    let token = TestObservation.currentTestToken()
    let current = LockIsolated(ProbeModel())
    // One round: a new model in a new root for this test, and the release of that root. Run on
    // the test's own thread, where the running test is known (a thread of its own is outside
    // any test).
    let endTest = {
      current.setValue(ProbeModel())
      DependencyValues._endTest(token)
    }
    let outcome = RaceOutcome()
    let readers = DispatchGroup()
    for _ in 0..<Self.readerCount {
      readers.enter()
      Thread {
        outcome.readUntilStopped { current.value.probe }
        readers.leave()
      }.start()
    }
    outcome.reset(life: life, since: before, endTest)
    outcome.stop()
    readers.wait()
    // The last round's model is not read: once it replaces the one read last, nothing is alive.
    outcome.check(life: life, since: before, reset: endTest)
  }

  /// Readers on threads of their own (carrying the current values) against resets.
  func race(threadReaders read: @escaping @Sendable () -> Probe, reset: @escaping @Sendable () -> Void) {
    let life = ProbeKey.life
    let before = life.snapshot
    let outcome = RaceOutcome()
    withEscapedDependencies { continuation in
      runOnThreads(Self.readerCount + 1) { index in
        continuation.yield {
          if index < Self.readerCount {
            outcome.readUntilStopped(read)
          } else {
            outcome.reset(life: life, since: before, reset)
            outcome.stop()
          }
        }
      }
    }
    outcome.check(life: life, since: before, reset: reset)
  }

  func withFreshLiveRoot(_ body: () -> Void) {
    withDependencies {
      $0 = .freshRoot(.live)
    } operation: {
      body()
    }
  }
}

/// What the readers and the resetting thread of one race saw.
final class RaceOutcome: Sendable {
  private let stopped = LockIsolated(false)
  private let startedReaders = LockIsolated(0)
  private let counts = LockIsolated((reads: 0, poisoned: 0, resets: 0, worstAlive: 0))

  var reads: Int { counts.value.reads }
  var poisonedReads: Int { counts.value.poisoned }

  func stop() { stopped.setValue(true) }

  /// Reads until stopped, checking each value it was handed is alive while it holds it.
  func readUntilStopped(_ read: () -> Probe) {
    var reads = 0
    var poisoned = 0
    startedReaders.withValue { $0 += 1 }
    while reads & 0xFF != 0 || !stopped.value {
      let probe = read()
      if !probe.isAlive { poisoned += 1 }
      reads += 1
    }
    counts.withValue {
      $0.reads += reads
      $0.poisoned += poisoned
    }
  }

  /// Resets until the count is reached and every reader has started, or the time budget is
  /// spent; after each, records how many values are alive: at most one cached, one being built
  /// and one held by each reader.
  func reset(life: Life, since before: Life.Snapshot, _ reset: () -> Void) {
    let deadline = Date(timeIntervalSinceNow: ResetRaceTests.timeBudget)
    var resets = 0
    var worst = 0
    while resets < ResetRaceTests.resets || startedReaders.value < ResetRaceTests.readerCount {
      if resets & 0x3F == 0 && Date() >= deadline { break }
      reset()
      worst = max(worst, life.alive(since: before))
      resets += 1
    }
    counts.withValue {
      $0.resets = resets
      $0.worstAlive = worst
    }
  }

  /// The race's verdict, once every reader has stopped: no reader was handed a freed value,
  /// and no reset left a forgotten value alive.
  func check(life: Life, since before: Life.Snapshot, reset: () -> Void) {
    let counts = counts.value
    #expect(counts.poisoned == 0, "a reader was handed a freed value")
    #expect(counts.reads > 0 && counts.resets > 0)
    #expect(
      counts.worstAlive <= ResetRaceTests.readerCount + 2,
      "a reset returned with \(counts.worstAlive) values alive: it left forgotten ones waiting")
    reset()
    #expect(life.alive(since: before) == 0, "values forgotten by the last reset are still alive")
  }
}

/// A default value whose deinit poisons a mark that readers check: a read handed a freed value
/// sees the poison (or crashes), in any build.
final class Probe: @unchecked Sendable {
  // @unchecked: `mark` is written by `init` and by `deinit`, when no reader holds the probe.
  /// The mark lives in memory of its own that is never freed, so a write to it in `deinit` is
  /// not a dead store the optimiser may drop, and a stale reader reads the poison, not memory
  /// reused by another allocation.
  private let mark: UnsafeMutablePointer<Int>
  private let life: Life
  private static let alive = 0x0A11_7E
  private static let poison = 0xDEAD

  init(life: Life) {
    mark = .allocate(capacity: 1)
    mark.initialize(to: Self.alive)
    self.life = life
    life.recordBuild()
  }

  var isAlive: Bool { mark.pointee == Self.alive }

  deinit {
    mark.pointee = Self.poison
    life.recordFree()
  }
}

/// Counts probes built and freed.
final class Life: Sendable {
  typealias Snapshot = (built: Int, freed: Int)
  private let counts = LockIsolated((built: 0, freed: 0))

  var snapshot: Snapshot { counts.value }

  /// Probes built since `before` that are not freed.
  func alive(since before: Snapshot) -> Int {
    let now = counts.value
    return (now.built - before.built) - (now.freed - before.freed)
  }

  func recordBuild() { counts.withValue { $0.built += 1 } }
  func recordFree() { counts.withValue { $0.freed += 1 } }
}

enum ProbeKey: DependencyKey {
  static let life = Life()
  static var liveValue: Probe { Probe(life: life) }
  static var testValue: Probe { Probe(life: life) }
}

/// A model whose one dependency is a probe, captured when it is created.
final class ProbeModel: @unchecked Sendable {
  // @unchecked: the wrapper's storage is a `var` only to the compiler; nothing writes it.
  @Dependency(ProbeKey.self) var probe
}
