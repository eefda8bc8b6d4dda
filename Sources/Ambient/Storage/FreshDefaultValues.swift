extension DependencyValues {
  /// These values' overrides and context over a new root, so that every default value is
  /// built anew for whatever runs with them, whichever test the test framework says is running.
  ///
  /// `package` because AmbientTesting's `.dependencies` traits start each test from one (a test
  /// framework can run one test twice under the same identity, for example when repeating it).
  /// Code that does not see the task-local (`Task.detached`, `DispatchQueue` callbacks) keeps
  /// reading the shared root.
  package func withFreshDefaultValues() -> DependencyValues {
    let fresh = OverrideStorage(root: DefaultValueStore())
    fresh.overlay(storage)
    fresh.context = storage.context
    return DependencyValues(storage: fresh, site: _site)
  }

  /// These values as a `withDependencies` scope binds them: over a new root of their own when
  /// they were made whole (`$0 = DependencyValues()`, `$0 = .live`), so that the scope builds
  /// its own default values, once each; else as they are.
  ///
  /// The root is made here, once per binding, rather than in `DependencyValues()`, which stays
  /// a plain value that costs nothing to make.
  @inline(__always)
  var readyToBind: DependencyValues {
    startsFreshDefaults ? withFreshDefaultValues() : self
  }
}
