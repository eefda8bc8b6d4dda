import Ambient

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

extension _TraceSession {
  /// The failures an exhaustive test records: one for each dependency `trace` shows it used
  /// without overriding, with its message and, when a declaration read it, where. The same for
  /// Swift Testing and XCTest, which record them each their own way.
  func notOverriddenFailures(
    in trace: DependencyTrace, testName: String
  ) -> [(message: String, place: (fileID: String, filePath: String, line: Int, column: Int)?)] {
    trace.defaultUses.map { read in
      (DependencyTrace._notOverriddenMessage(read, testName: testName), declaration(of: read))
    }
  }
}
