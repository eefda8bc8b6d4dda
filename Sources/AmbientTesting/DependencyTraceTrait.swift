import Ambient
public import Testing

/// The trait behind `.dependencyTrace` and `.exhaustiveDependencies`: it traces the dependencies
/// each test (each case of a parameterised one) reads, attaches the trace to the test's first
/// failure, and, when exhaustive, fails the test for each dependency it did not override.
///
/// Public only because `Trait` needs a concrete type for those static members; create it
/// through them, never by name.
public struct _DependencyTraceTrait: SuiteTrait, TestTrait, TestScoping {
  let tracing: DependencyTracing

  /// Always `true`: on a suite, the trait applies to every suite and test nested in it.
  public var isRecursive: Bool { true }

  /// Runs `function` (one case of a test) inside a trace, and reports what the trace shows.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let session = DependencyValues._startTrace()
    let attaches = !Self.isAttaching
    let failed = LockIsolated(false)
    // Sees each issue as it is recorded, while the trace so far is what led to it.
    let observer: IssueHandlingTrait = .compactMapIssues { issue in
      guard attaches, Self.isFailure(issue) else { return issue }
      let isFirst = failed.withValue { failed in
        defer { failed = true }
        return !failed
      }
      guard isFirst else { return issue }
      var issue = issue
      issue.comments.append(Comment(rawValue: session.soFar._failureAttachment))
      return issue
    }
    defer {
      report(session.stop(), of: session, test: test, testCase: testCase, failed: failed.value, attaches: attaches)
    }
    try await Self.$isAttaching.withValue(true) {
      try await DependencyValues.withBound(session.values) {
        try await observer.provideScope(for: test, testCase: testCase, performing: function)
      }
    }
  }

  /// The exhaustive check's failures, and the whole trace as an attachment of a failed test.
  private func report(
    _ trace: DependencyTrace, of session: _TraceSession, test: Test, testCase: Test.Case?, failed: Bool,
    attaches: Bool
  ) {
    var failed = failed
    if tracing == .exhaustive {
      let name = _DependenciesTrait.name(of: test, testCase: testCase)
      for failure in session.notOverriddenFailures(in: trace, testName: name) {
        failed = true
        let location =
          failure.place.map {
            SourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
          } ?? test.sourceLocation
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
      }
    }
    if failed && attaches { Attachment.record(trace.description, named: "dependency-trace.txt") }
  }

  /// Whether `issue` is an error rather than a warning. Known issues count: their trace is as
  /// useful, and harmless to show.
  private static func isFailure(_ issue: Issue) -> Bool {
    #if compiler(>=6.3)
    issue.severity >= .error
    #else
    true
    #endif
  }

  /// Set inside a trace trait's scope: a trait inside another (an exhaustive test in a traced
  /// suite) checks, but leaves attaching the trace to the outer one, so it is attached once.
  @TaskLocal static var isAttaching = false
}

extension Trait where Self == _DependencyTraceTrait {
  /// Traces the dependencies a test reads (on a suite, every test in it), and attaches the
  /// trace to the test's first failure, so a failing test shows what it read, in which context,
  /// and whether each came from an override or a default value:
  ///
  /// ```swift
  /// @Suite(.dependencies, .dependencyTrace) struct ItemListModelTests { … }
  /// ```
  ///
  /// Reads cost more while traced (each takes a lock to record itself); tests that pass show
  /// nothing.
  public static var dependencyTrace: Self { Self(tracing: .onFailure) }

  /// Fails a test (on a suite, every test in it) once for each dependency it read without
  /// overriding it, naming the dependency and where it was declared, and attaches the trace
  /// as ``dependencyTrace`` does: exhaustive testing of dependencies.
  ///
  /// ```swift
  /// @Test(.exhaustiveDependencies, .dependency(\.date.now, Date(timeIntervalSince1970: 0)))
  /// func stampsNewItems() { … }  // fails if it also reads, say, \.uuid
  /// ```
  public static var exhaustiveDependencies: Self { Self(tracing: .exhaustive) }
}
