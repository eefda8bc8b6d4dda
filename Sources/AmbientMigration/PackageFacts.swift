/// What the migration of one Swift file needs to know about the rest of the package.
struct PackageFacts: Sendable {
  /// The modules of XCTestDynamicOverlay, IssueReporting and ConcurrencyExtras whose packages
  /// the manifest names itself: their imports stay, since the package is there.
  var declaredOverlayModules: Set<String> = []
  /// Whether the package declares a type of its own named `Dependencies` (an app's aggregate),
  /// in which case `Dependencies.x` is not swift-dependencies' module and stays.
  var declaresDependenciesType = false
  /// Every `name(label:` the package's code calls, to know which labelled endpoint methods of a
  /// `@DependencyClient` to write.
  var labelledCalls: Set<String> = []

  /// swift-dependencies' modules, which are also its products' names, that have an Ambient
  /// counterpart, by name: what an import, a `canImport`, a qualified name and a manifest's
  /// product are rewritten to.
  static let ambientModules = ["Dependencies": "Ambient", "DependenciesTestSupport": "AmbientTesting"]

  /// The names `Dependencies.X` may be rewritten to `Ambient.X` for: Ambient's public names
  /// that swift-dependencies shares.
  static let ambientNames: Set<String> = [
    "AnyClock", "Dependency", "DependencyContext", "DependencyKey", "DependencyValues", "ImmediateClock",
    "LockIsolated", "TestClock", "TestDependencyKey", "UncheckedSendable", "UnimplementedClock",
    "UnimplementedFailure", "isTesting", "prepareDependencies", "reportIssue", "unimplemented",
    "withDependencies", "withErrorReporting", "withEscapedDependencies", "withExpectedIssue",
    "withMainSerialExecutor", "ActorIsolated",
  ]
}
