extension DependencyValues {
  /// Forgets the cached default value of one dependency, so that its next read builds it anew.
  ///
  /// Default values are built once and then kept; reset one when what it was built from has
  /// changed, as when a long-running app signs out and its client must be rebuilt:
  ///
  /// ```swift
  /// func signOut() {
  ///   DependencyValues.resetDefaultValue(of: APIClient.self)
  /// }
  /// ```
  ///
  /// It applies to every context of the current root; in a test, only to that test's values
  /// (tests running in parallel keep theirs). Models that already read the old value keep it
  /// until they read again; overrides are not affected.
  ///
  /// - Parameter key: The key of the dependency to rebuild.
  public static func resetDefaultValue<Key: TestDependencyKey>(of key: Key.Type) {
    let id = TypeTable.key(Key.self)
    for cache in current.root.cachesToReset { cache.reset(id) }
  }

  /// Forgets every cached default value, so that each is built anew on its next read.
  ///
  /// Tests do not need it: each test starts from fresh default values by itself. Use it in a
  /// long-running process that must rebuild everything, for example after switching accounts.
  public static func resetAllDefaultValues() {
    for cache in current.root.cachesToReset { cache.reset(nil) }
  }
}
