import Ambient
public import Testing

/// The trait behind `.dependencies`, `.dependency(_:_:)` and `.dependency(_:)`: it runs each
/// test it applies to inside `withDependencies`, with its changes to the values.
///
/// Public only because `Trait` needs a concrete type for those static members; create it
/// through them, never by name.
///
/// Traits compose from the outside in: a suite's traits apply before those of the suites
/// nested in it and of its tests, so the innermost override wins. Only the outermost trait of a
/// test starts it from a new root of default values (see `.dependencies`); the
/// traits inside it change that same root's values, so what a suite's trait sets up is what the
/// test sees.
public struct _DependenciesTrait: SuiteTrait, TestTrait, TestScoping {
  /// The trait's changes to the values; `nil` for plain `.dependencies`, which changes none.
  let updateValues: (@Sendable (inout DependencyValues) async throws -> Void)?

  init(_ updateValues: (@Sendable (inout DependencyValues) async throws -> Void)?) {
    self.updateValues = updateValues
  }

  /// Always `true`: on a suite, the trait applies to every suite and test nested in it.
  public var isRecursive: Bool { true }

  /// Where the trait runs: plain `.dependencies` around each test function (all its cases) and
  /// around each case, a trait that changes values around each case, as its closure runs for
  /// each.
  ///
  /// Plain `.dependencies` binds nothing per case: Swift Testing keeps each finished case's task,
  /// with the memory its task-local bindings took, until the whole test ends, so a binding per
  /// case would cost every case of a large parameterised test. Each case gets its own default
  /// values from the running-test registry instead, in a run the trait starts and ends around
  /// the test; around each case it only says that the case ended, which frees its values.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    guard !test.isSuite else { return nil }
    return testCase != nil || updateValues == nil ? self : nil
  }

  /// Runs `function` (one test with all its cases, or one case of a parameterised test) with
  /// this trait's changes.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // A case under plain `.dependencies`: only a small value is kept across the case, and no
    // copy of `test` or `testCase` is made here (their types are resilient, so a copy in an
    // asynchronous function is allocated in the task), so that this frame, which Swift Testing
    // keeps with each finished case's task until the whole test ends, costs every case as
    // little as a scoping trait that does nothing (the memory rows).
    guard updateValues == nil, let ending = SwiftTestingTracker.CaseEnding(testCase, of: test) else {
      return try await provideTestScope(for: test, testCase: testCase, performing: function)
    }
    defer { ending.end() }
    try await function()
  }

  /// Runs `function`, one test with all its cases under plain `.dependencies`, or one case with
  /// the values this trait changes.
  private func provideTestScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard updateValues != nil else {
      SwiftTestingTracker.beginScope(of: test, testName: Self.name(of: test))
      defer { SwiftTestingTracker.endScope(of: test) }
      return try await function()
    }
    let values = try await DependencyValues.forTestTrait(updatedBy: updateValues)
    defer { DependencyValues._endTestTraitScope(values, testName: Self.name(of: test, testCase: testCase)) }
    // Bound here, with no scope function around it: Swift Testing keeps each finished case's
    // task until the whole test ends, with the memory of its deepest chain of calls, so each
    // frame between here and `function` costs every case (see `forTestTrait`).
    try await DependencyValues.withBound(values, operation: function)
  }

  /// How messages name a test: its suite and function, and which case for a parameterised one.
  static func name(of test: Test, testCase: Test.Case? = nil) -> String {
    let suite = test.id.nameComponents.dropLast().last.map { "\($0)." } ?? ""
    let name = "\(suite)\(test.name)"
    guard let testCase, testCase.isParameterized else { return name }
    return caseName(testName: name)
  }

  /// How messages name a case of the parameterised test `testName` names: Swift Testing makes
  /// no case's arguments public.
  static func caseName(testName: String) -> String { "\(testName) (one of its cases)" }
}
