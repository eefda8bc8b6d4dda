public import Testing

/// The trait behind plain `.dependencies`: it starts each test it applies to, and each case of
/// a parameterised one, from fresh default values, and says when each ends.
///
/// Public only because `Trait` needs a concrete type for that static member; create it through
/// it, never by name. A type of its own, apart from ``_DependenciesTrait`` (the traits that
/// change values), so that its scope is one call with nothing but synchronous work around it:
/// Swift Testing keeps each finished case's task, and every slab of the task's allocator that
/// its deepest chain of calls took, until the whole test ends. A second asynchronous call in
/// the same function (the other trait's path) made this frame large enough to take a second
/// slab, about 1 KB a case (the memory rows).
public struct _FreshDependenciesTrait: SuiteTrait, TestTrait, TestScoping {
  init() {}

  /// Always `true`: on a suite, the trait applies to every suite and test nested in it.
  public var isRecursive: Bool { true }

  /// Around each test function (all its cases) and around each case.
  ///
  /// It binds nothing per case: Swift Testing keeps each finished case's task, with the memory
  /// its task-local bindings took, until the whole test ends, so a binding per case would cost
  /// every case of a large parameterised test. Each case gets its own default values from the
  /// running-test registry instead, in a run the trait starts and ends around the test; around
  /// each case it only says that the case ended, which frees its values.
  ///
  /// For a test function, this also starts the run that ``provideScope(for:testCase:performing:)``
  /// ends: Swift Testing asks for the test's scope providers right before it runs the test (each
  /// time it runs it), and starting the run here keeps that work out of the asynchronous scope,
  /// whose frame every case pays for (see the type's documentation).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    guard !test.isSuite else { return nil }
    if testCase == nil { SwiftTestingTracker.beginRun(of: test) }
    return self
  }

  /// Runs `function` (one test with all its cases, or one case of a parameterised test) from
  /// fresh default values.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // Nothing is kept across `function` but the parameters, nothing is called before it (the
    // run starts in `scopeProvider`), and no copy of `test` or `testCase` is made here (their
    // types are resilient, so a copy in an asynchronous function is allocated in the task): the
    // work after it is synchronous and out of line.
    defer { SwiftTestingTracker.endScope(of: test, testCase: testCase) }
    try await function()
  }
}
