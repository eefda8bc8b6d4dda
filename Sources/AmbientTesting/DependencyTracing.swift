/// What a test does with the trace of the dependencies it reads: the `.dependencyTrace` and
/// `.exhaustiveDependencies` traits in Swift Testing, ``DependencyTestCase/dependencyTracing``
/// in XCTest.
public enum DependencyTracing: Sendable, Hashable {
  /// Records which dependencies the test reads, and where each came from, and attaches that
  /// trace to the test's first failure (and, in Swift Testing, as an attachment), so a failing
  /// test shows what it read.
  case onFailure
  /// As ``onFailure``, and fails the test once for every dependency it read without overriding
  /// it, naming each: a test states every dependency it uses.
  case exhaustive
}
