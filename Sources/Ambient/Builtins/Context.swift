extension DependencyValues {
  /// The context whose default values this scope uses: live, preview or test.
  ///
  /// Unless overridden, it is the context Ambient detected for the process (see
  /// ``DependencyContext``). Overriding it switches every default value read in the scope:
  ///
  /// ```swift
  /// @Dependency(\.context) var context
  /// if context == .preview { … }
  ///
  /// // In a test, run a model on its preview values:
  /// withDependencies { $0.context = .preview } operation: { ItemListModel() }
  /// ```
  public var context: DependencyContext {
    get { readContext ?? root.resolved.fixedDefaultContext }  // a read relies on it from now on
    set { mutableOverrides.context = newValue }
  }
}
