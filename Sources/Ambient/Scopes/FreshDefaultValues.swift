extension DependencyValues {
  /// These values' overrides and context over a new root, so that every default value is
  /// built anew for whatever runs with them, whichever test the test framework says is running.
  ///
  /// `package` because AmbientTesting's `.dependencies` traits start each test from one (a test
  /// framework can run one test twice under the same identity, for example when repeating it).
  /// Code that does not see the task-local (`Task.detached`, `DispatchQueue` callbacks) keeps
  /// reading the shared root.
  package func withFreshDefaultValues() -> DependencyValues {
    withFreshDefaultValues(startedByTestTrait: false)
  }

  private func withFreshDefaultValues(startedByTestTrait: Bool) -> DependencyValues {
    let fresh = Self.freshOverrides(over: overrides, startedByTestTrait: startedByTestTrait)
    fresh.overlay(overrides)
    fresh.context = overrides.context
    return DependencyValues(overrides: fresh, site: _site)
  }

  /// Empty overrides over a new root, for the values in `overrides`. A trait's root is a test's
  /// own, which ends with the case; a scope's new root inside a test ends with that test. The trace
  /// in scope keeps recording what the new values read. Out of line: inlined, it made every
  /// `withDependencies` retain and release its values twice more on the way past the check that
  /// chooses it.
  @inline(never)
  private static func freshOverrides(over overrides: Overrides, startedByTestTrait: Bool) -> Overrides {
    let lifetime = startedByTestTrait ? TestLifetime() : overrides.root.resolved.lifetime
    let tracer = overrides.tracer ?? boundValues?.pointee._overrides?.tracer
    return Overrides(
      root: DefaultValueRoot(startedByTestTrait: startedByTestTrait, lifetime: lifetime), tracer: tracer
    )
  }

  /// Says that the test (or parameterised case) that `values` of a `.dependencies` trait ran has
  /// ended: reads through them, by work that outlived it, are reported from now on. Called by
  /// AmbientTesting; not for use elsewhere.
  package static func _endTestTraitScope(_ values: DependencyValues, testName: String) {
    values.root.lifetime?.end(testName: testName)
  }

  /// These values as a `withDependencies` scope binds them: over a new root of their own when
  /// they were made whole (`$0 = DependencyValues()`, `$0 = .live`), so that the scope builds
  /// its own default values, once each; else as they are.
  ///
  /// The root is made here, once per binding, rather than in `DependencyValues()`, which stays
  /// a plain value that costs nothing to make.

  var readyToBind: DependencyValues {
    startsFreshDefaults ? withFreshDefaultValues() : self
  }

  /// The values a `.dependencies` trait runs its test (or parameterised case) with: the current
  /// ones over a new root, unless a trait further out already started this test from one, with
  /// `update` applied.
  ///
  /// The trait binds what this returns itself, with nothing else on the way to the test: Swift
  /// Testing runs the cases of a parameterised test as child tasks that it keeps until the test
  /// ends, and each keeps the memory of the deepest chain of asynchronous calls it made, so
  /// every frame between the trait and the test is paid once per case.
  package static func forTestTrait(
    updatedBy update: (@Sendable (inout DependencyValues) async throws -> Void)?
  ) async throws -> DependencyValues {
    var values = current
    if !values.root.startedByTestTrait { values = values.withFreshDefaultValues(startedByTestTrait: true) }
    guard let update else { return values }
    values = try await values.updated(by: update)
    // A trait's `$0 = DependencyValues()` starts from a new root too; traits inside it change
    // that one.
    return values.startsFreshDefaults ? values.withFreshDefaultValues(startedByTestTrait: true) : values
  }
}
