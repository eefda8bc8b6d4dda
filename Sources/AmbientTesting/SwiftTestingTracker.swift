import Ambient
import Testing

/// Names the running Swift Testing test (and parameterised case) with a token.
///
/// A case is recognized by its test's name and source location, and in a parameterised test by
/// the bits of a copy of its `Test.Case`, which has no public identity (``CaseCopy``), and given
/// a number of its own the first time Ambient asks (``RecognizedCases``). Ambient asks when
/// values are captured or bound in a test (creating a model, `withDependencies`) and when a read
/// of `_current` with nothing bound needs a default, never on a cached read. A case is not named
/// by its arguments: reading their IDs by reflection took most of a case's first read (about
/// 60 µs of it, against 14 µs without), and the memory a parallel run peaks at grows with each
/// case's time. Two cases with equal arguments are two cases, as they are to Swift Testing.
///
/// Swift Testing tells no one when a test without a trait ends, so the tracker keeps about
/// ``retainedTests`` cases and, to make room for a new one, forgets a case that is done with its
/// values as far as anything can tell: one that has not asked again while the newest 512 cases
/// were added, is not running under a `.dependencies` trait, and whose values nothing but the
/// registry holds (no model, scope or read of the case refers to them; see `TestRoots.isHeld(_:)`).
/// A running test that holds its values therefore keeps them, and its token, however many cases
/// run beside it. Tests under a `.dependencies` trait release their values as soon as the test
/// ends (``beginRun(of:)``), and XCTest methods as soon as they finish. Values a model of the
/// test still refers to stay alive with it.
///
/// The iterations of `--repetitions` / `--repeat-until` share default values where they are
/// one case to the tracker (a test without arguments: the same name and location), and get
/// their own where Swift Testing makes a case's values anew (a parameterised test's cases); the
/// `.dependencies` traits start every iteration from a new root, which is how a suite separates
/// them always.
enum SwiftTestingTracker {
  /// About how many cases keep their default values without a model holding them (more are
  /// kept while they are in use).
  static let retainedTests = 1024

  final class State: @unchecked Sendable {
    // @unchecked: every property is read and written only under `lock`.
    let lock = Lock()
    /// The tokens of the kept cases.
    var live: Set<UInt> = []
    /// The test functions a plain `.dependencies` trait scopes: their latest run.
    var runs: [TestIdentity: Run] = [:]
    var lastRun: UInt = 0
    var recognized = RecognizedCases()
  }

  static let state = State()

  /// The running test's token, or `nil` outside a Swift Testing test.
  static var currentToken: UInt? {
    guard let test = Test.current else { return nil }
    // A case asked about before is recognized and given its token, and a new one added, under
    // one hold of the lock: another task of the case may be asking at the same time, and a
    // second entry would give the case a second set of values.
    let handout = CaseCopy.withAsked(of: test, runningCase) { asked in
      state.lock.withLock {
        if let index = state.recognized.index(of: asked) { return handOut(at: index, askedAgain: true) }
        return added(&asked)
      }
    }
    // The replaced case's copy, in the handout, is released with it, outside the lock: it may
    // hold the last reference to an argument, whose `deinit` may run user code that asks for a
    // token.
    if let forgotten = handout.forgotten { DependencyValues._endTest(forgotten) }
    if let endedLate = handout.endedLate {
      DependencyValues._endTest(handout.token, testName: endedLate, stillNamed: true)
    }
    return handout.token
  }

  /// The running case when its test is parameterised (a test without arguments has one case,
  /// named by the test alone).
  private static var runningCase: Test.Case? { Test.Case.current.flatMap { $0.isParameterized ? $0 : nil } }

  /// A token ``handOut(at:askedAgain:)`` found or made, and what is to be told, or released,
  /// outside the lock because of it.
  private struct Handout {
    var token: UInt
    /// A token no longer handed out: the replaced case's, or the case's token in an earlier
    /// `.dependencies` run of its test. Its values are released.
    var forgotten: UInt?
    /// The test's name, when the token was made after its `.dependencies` run ended.
    var endedLate: String?
    /// The copy of the case the new case replaced, released with the handout.
    var replaced: CaseCopy?
  }

  /// Adds the running case `asked`, taking its copy, and hands out its token; the entry it
  /// replaced is forgotten. Call only inside `state.lock`.
  private static func added(_ asked: inout CaseCopy.Asked) -> Handout {
    let (index, replaced) = state.recognized.insert(&asked, isInUse: isInUse)
    var handout = handOut(at: index, askedAgain: false)
    if let token = replaced?.token, state.live.remove(token) != nil { handout.forgotten = token }
    handout.replaced = replaced?.copy
    return handout
  }

  /// The token of the case at `index` in its test's current run, made if it has none. Call
  /// only inside `state.lock`.
  private static func handOut(at index: Int, askedAgain: Bool) -> Handout {
    let testRun = state.runs.isEmpty ? nil : state.runs[state.recognized[index].copy.test]
    let (token, entryRun) = (state.recognized[index].token, state.recognized[index].run)
    let run = testRun?.number ?? 0
    if token != 0, entryRun == run {
      if askedAgain { state.recognized[index].askedAgain = state.recognized.added }
      return Handout(token: token)
    }
    // A token outside any `.dependencies` run is only ever forgotten, never ended: marked so,
    // its root makes no lifetime (see `DependencyValues._endNeverToldBit`).
    let endNeverTold = run == 0 ? DependencyValues._endNeverToldBit : 0
    var handout = Handout(token: TestTokens.next() | endNeverTold)
    // The case's token in an earlier run is asked for no more: that run has ended.
    if token != 0, state.live.remove(token) != nil { handout.forgotten = token }
    state.recognized[index].token = handout.token
    state.recognized[index].run = run
    state.live.insert(handout.token)
    if let testRun {
      if let name = testRun.endedTestName {
        handout.endedLate = name
      } else {
        state.runs[state.recognized[index].copy.test]?.tokens.insert(handout.token)
      }
    }
    return handout
  }

  /// Whether the case of `entry` may still read its values: it runs in an open `.dependencies`
  /// run of its test (the trait says when it ends), or something outside the registry holds them
  /// (a model, scope or read of the case). Call only inside `state.lock`; takes the registry's
  /// lock inside it (the registry never calls back in here).
  private static func isInUse(_ entry: RecognizedCases.Entry) -> Bool {
    guard state.live.contains(entry.token) else { return false }
    if !state.runs.isEmpty, let testRun = state.runs[entry.copy.test], testRun.number == entry.run,
      testRun.tokens.contains(entry.token)
    {
      return true
    }
    return DependencyValues._isTestHeld(entry.token)
  }

  /// Whether the running test and case would be recognized, not worked out again: for a test
  /// that pins that asking again is cheap.
  static var recognizesCurrentCase: Bool {
    guard let test = Test.current else { return false }
    return CaseCopy.withAsked(of: test, runningCase) { asked in
      state.lock.withLock { state.recognized.index(of: asked) != nil }
    }
  }
}
