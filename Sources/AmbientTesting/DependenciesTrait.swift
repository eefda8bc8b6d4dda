import Ambient
public import Testing

/// The trait behind `.dependency(_:_:)`, `.dependency(_:)` and `.dependencies { … }`: it runs
/// each test it applies to (each case of a parameterised one) inside `withDependencies`, with
/// its changes to the values. Plain `.dependencies` is ``_FreshDependenciesTrait``.
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
  /// The trait's changes to the values.
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  /// Always `true`: on a suite, the trait applies to every suite and test nested in it.
  public var isRecursive: Bool { true }

  /// Around each case, as its closure runs for each.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    guard !test.isSuite else { return nil }
    return testCase != nil ? self : nil
  }

  /// Runs `function`, one case, with the values this trait changes.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
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
