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

  /// Runs `function` (one test, or one case of a parameterised test) with this trait's changes.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let values = try await DependencyValues.forTestTrait(updatedBy: updateValues)
    // Bound here, with no scope function around it: Swift Testing keeps each finished case's
    // task until the whole test ends, with the memory of its deepest chain of calls, so each
    // frame between here and `function` costs every case (see `forTestTrait`).
    try await DependencyValues.$_current.withValue(values, operation: function)
  }
}
