/// What the migration of one Swift file needs to know about the rest of the package.
struct PackageFacts: Sendable {
  /// The modules of XCTestDynamicOverlay, IssueReporting and ConcurrencyExtras whose packages
  /// the manifest names itself: their imports stay, since the package is there.
  var declaredOverlayModules: Set<String> = []
  /// The package identities the manifest (or else Package.resolved) knows those modules'
  /// packages by, by module: `xctest-dynamic-overlay` or `swift-issue-reporting`.
  var overlayPackages: [String: String] = [:]
  /// Whether the package declares a type of its own named `Dependencies` (an app's aggregate),
  /// in which case `Dependencies.x` is not swift-dependencies' module and stays.
  var declaresDependenciesType = false
  /// Every `name(label:` the package's code calls, to know which labelled endpoint methods of a
  /// `@DependencyClient` to write.
  var labelledCalls: Set<String> = []
  /// The names Ambient lacks (``SwiftFileMigration/namesAmbientLacks``) that the package
  /// declares itself, which are not missing anywhere.
  var declaredNames: Set<String> = []

  /// swift-dependencies' modules, which are also its products' names, that have an Ambient
  /// counterpart, by name: what an import, a `canImport`, a qualified name and a manifest's
  /// product are rewritten to.
  static let ambientModules = ["Dependencies": "Ambient", "DependenciesTestSupport": "AmbientTesting"]

  /// The modules that came through swift-dependencies and whose names Ambient declares.
  static let overlayModules: Set<String> = ["XCTestDynamicOverlay", "IssueReporting", "ConcurrencyExtras"]

  /// The names `Dependencies.X` (or `XCTestDynamicOverlay.X`…) may be rewritten to `Ambient.X`
  /// for: Ambient's public names that swift-dependencies and the modules it re-exports share.
  static let ambientNames: Set<String> = [
    "AnyClock", "Dependency", "DependencyContext", "DependencyKey", "DependencyValues", "ImmediateClock",
    "LockIsolated", "TestClock", "TestDependencyKey", "UncheckedSendable", "UnimplementedClock",
    "UnimplementedFailure", "isTesting", "prepareDependencies", "reportIssue", "unimplemented",
    "withDependencies", "withErrorReporting", "withEscapedDependencies", "withExpectedIssue",
    "withMainSerialExecutor", "uncheckedUseMainSerialExecutor", "ActorIsolated",
  ]

  /// The identity of the package that has `module`: the one the package knows, or the URL
  /// swift-dependencies itself depends on.
  func package(of module: String) -> String {
    overlayPackages[module] ?? (module == "ConcurrencyExtras" ? "swift-concurrency-extras" : "xctest-dynamic-overlay")
  }
}
