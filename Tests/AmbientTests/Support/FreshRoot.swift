@testable import Ambient

extension DependencyValues {
  /// Values over a new root of default values, read in `context`.
  ///
  /// The live and preview caches of the shared root last for the whole process, so a test that
  /// counts builds or expects an issue in those contexts starts from its own root instead.
  static func freshRoot(_ context: DependencyContext) -> DependencyValues {
    var values = DependencyValues(root: DefaultValueRoot())
    values.context = context
    return values
  }
}

/// Runs `operation` in `context`, over a new root of default values.
func withFreshRoot<R>(_ context: DependencyContext, operation: () throws -> R) rethrows -> R {
  try withDependencies {
    $0 = .freshRoot(context)
  } operation: {
    try operation()
  }
}
