extension DependencyValues {
  /// Whether the code running is a `withDependencies` change closure (or a test trait's).
  ///
  /// Overriding a dependency through a key path (`$0[keyPath: \.calendar] = …`, as the
  /// `.dependency` trait does) reads the current value before writing the new one, so a test
  /// value that reports when it is built would fail the very test that overrides it. Such
  /// values check this and stay quiet while values are being changed.
  @TaskLocal static var isUpdating = false
}
