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
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  /// Whether a `_DependenciesTrait` further out already started this test from a new root.
  @TaskLocal private static var isInsideTrait = false

  /// Always `true`: on a suite, the trait applies to every suite and test nested in it.
  public var isRecursive: Bool { true }

  /// Runs `function` (one test, or one case of a parameterised test) with this trait's changes.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let isOutermost = !Self.isInsideTrait
    try await withDependencies {
      if isOutermost { $0 = $0.withFreshDefaultValues() }
      try await updateValues(&$0)
    } operation: {
      try await Self.$isInsideTrait.withValue(true) {
        try await function()
      }
    }
  }
}
