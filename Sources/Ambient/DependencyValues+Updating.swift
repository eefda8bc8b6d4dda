extension DependencyValues {
  /// These values, marked as being changed by a `withDependencies` closure (or a test trait).
  ///
  /// Overriding a dependency through a key path (`$0[keyPath: \.calendar] = …`, as the
  /// `.dependency` trait does, or `$0.apiClient.fetchItems = …`) reads the current value before
  /// writing the new one. A default value built by that read must not report that the test
  /// reached it: the test is overriding it. The mark rides in the values' read-site slot, so
  /// checking it costs nothing on ordinary reads; a build on a miss publishes it, and
  /// ``isUpdating`` reads it there.
  func updating() -> DependencyValues {
    DependencyValues(storage: _storage, site: .updating)
  }

  /// These values with the mark of ``updating()`` removed, ready to be bound.
  func updated() -> DependencyValues {
    DependencyValues(storage: _storage, site: nil)
  }

  /// Whether the default value being built was asked for by a `withDependencies` closure
  /// changing values; such builds stay quiet about missing test values.
  static var isUpdating: Bool { ReadSite.isPublishingUpdate }
}
