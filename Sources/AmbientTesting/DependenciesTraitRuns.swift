import Ambient
import Testing

// The runs of tests under plain `.dependencies` (``_FreshDependenciesTrait``): the trait says
// when a run of its test begins and ends, and when each of its cases ends, so that the run's
// cases get default values of their own and give them back as soon as they end.

extension SwiftTestingTracker {
  /// The latest run of a test under plain `.dependencies`. Kept after the run ends, so that a
  /// task that outlived the test still finds that run's (ended) token.
  struct Run {
    var number: UInt
    /// How messages name the test.
    var testName: String
    /// The tokens of the run's cases that have not ended.
    var tokens: Set<UInt> = []
    /// The test's name once the run has ended: a token first asked for after that (by a task
    /// that outlived the test) is ended as soon as it is made.
    var endedTestName: String?
  }

  /// Starts a run of `test` under plain `.dependencies` (``_FreshDependenciesTrait``, when
  /// Swift Testing asks it for the test's scope): the run's cases get tokens (and so default
  /// values) of their own, apart from every earlier run's, even under the same identity.
  static func beginRun(of test: Test) {
    let identity = TestIdentity(test)
    let testName = _DependenciesTrait.name(of: test)
    state.lock.withLock {
      state.lastRun += 1
      state.runs[identity] = Run(number: state.lastRun, testName: testName)
    }
  }

  /// Where plain `.dependencies` stops scoping `test` (the run ``beginRun(of:)`` started ends),
  /// or its case `testCase` (the case ends). Out of line: the trait's scope is asynchronous, and
  /// this work, inlined there, would make its frame larger, in the case's task, which Swift
  /// Testing keeps.
  @inline(never)
  static func endScope(of test: Test, testCase: Test.Case?) {
    guard let testCase else { return endRun(of: test) }
    let isParameterized = testCase.isParameterized
    let ended = CaseCopy.withAsked(of: test, isParameterized ? testCase : nil) { asked in
      endedCase(asked, isParameterized: isParameterized)
    }
    if let ended { DependencyValues._endTest(ended.token, testName: ended.testName, stillNamed: true) }
  }

  /// The token of the running case `asked` in the run ``beginRun(of:)`` started, and how to name
  /// the case, if it is to end now: its default values are released as soon as the
  /// case ends (not when its test ends), and reads through them from now on are reported as made
  /// after it ended. A case that never asked has nothing to end.
  private static func endedCase(
    _ asked: CaseCopy.Asked, isParameterized: Bool
  ) -> (token: UInt, testName: String)? {
    state.lock.withLock { () -> (token: UInt, testName: String)? in
      guard let index = state.recognized.index(of: asked) else { return nil }
      let (token, run) = (state.recognized[index].token, state.recognized[index].run)
      guard state.live.contains(token), let testRun = state.runs[asked.test], testRun.number == run,
        state.runs[asked.test]?.tokens.remove(token) != nil
      else { return nil }
      return (token, isParameterized ? _DependenciesTrait.caseName(testName: testRun.testName) : testRun.testName)
    }
  }

  /// Ends the run ``beginRun(of:)`` started: the default values of each of its cases still
  /// running are released, and reads through them from now on are reported as made after the
  /// test ended.
  private static func endRun(of test: Test) {
    let identity = TestIdentity(test)
    let (ended, testName) = state.lock.withLock { () -> ([UInt], String) in
      guard var run = state.runs[identity] else { return ([], "") }
      // Tokens already dropped for newer tests were forgotten; they are not ended again.
      let ended = run.tokens.filter { state.live.contains($0) }.sorted()
      run.tokens = []
      run.endedTestName = run.testName
      state.runs[identity] = run
      return (ended, run.testName)
    }
    for token in ended { DependencyValues._endTest(token, testName: testName, stillNamed: true) }
  }
}
