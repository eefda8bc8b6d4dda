public import Ambient
public import XCTest

/// An `XCTestCase` whose every test method, with its `setUp` and `tearDown`, runs with the
/// dependencies that ``overrideDependencies(_:)`` sets.
///
/// ```swift
/// final class ItemListModelTests: DependencyTestCase {
///   override func overrideDependencies(_ dependencies: inout DependencyValues) {
///     dependencies.apiClient.fetchItems = { [.mock] }
///     dependencies.date.now = Date(timeIntervalSince1970: 0)
///   }
///
///   func testLoad() async throws {
///     let model = ItemListModel()
///     try await model.load()
///     XCTAssertEqual(model.items, [.mock])
///   }
/// }
/// ```
///
/// Each test method already starts from fresh default values when the test target links
/// `AmbientTesting`, on Linux and Apple platforms alike; this class only adds the overrides.
/// A test can change them further with ``/Ambient/withDependencies(_:operation:)``.
///
/// If your test cases must inherit from another base class, wrap ``invokeTest()`` yourself, which
/// is all this class does (`setUp`, the test method and `tearDown` all run inside it, and
/// `async` test methods inherit the values):
///
/// ```swift
/// final class ItemListModelTests: MyAppTestCase {
///   override func invokeTest() {
///     withDependencies {
///       $0.apiClient.fetchItems = { [.mock] }
///     } operation: {
///       super.invokeTest()
///     }
///   }
/// }
/// ```
///
/// > Important: Work the test starts outside structured concurrency (`Task.detached`,
/// > `DispatchQueue` callbacks) does not see the overrides; carry them over with
/// > ``/Ambient/withEscapedDependencies(_:)``.
open class DependencyTestCase: XCTestCase {
  /// Sets the dependencies every test method in this class runs with. Does nothing unless
  /// overridden; called once before each test method, before `setUp`.
  ///
  /// - Parameter dependencies: The values to change; reads see the test's default values.
  open func overrideDependencies(_ dependencies: inout DependencyValues) {}

  /// Whether this class's test methods trace the dependencies they read: `nil` (the default)
  /// traces nothing; ``DependencyTracing/onFailure`` attaches the trace to a test's first
  /// failure; ``DependencyTracing/exhaustive`` also fails a test once for each dependency it
  /// read without overriding it.
  ///
  /// ```swift
  /// final class ItemListModelTests: DependencyTestCase {
  ///   override var dependencyTracing: DependencyTracing? { .exhaustive }
  /// }
  /// ```
  open var dependencyTracing: DependencyTracing? { nil }

  /// The trace of the test method running now, while it runs with ``dependencyTracing`` set.
  private let runningTrace = LockIsolated<(session: _TraceSession, attached: Bool)?>(nil)

  /// Runs the test method, with `setUp` and `tearDown`, inside
  /// ``/Ambient/withDependencies(_:operation:)``.
  open override func invokeTest() {
    withDependencies {
      // Bound even when nothing is overridden: a `Task` the method starts carries the values.
      $0 = ._currentPinnedToRunningTest
      overrideDependencies(&$0)
    } operation: {
      guard let tracing = dependencyTracing else { return super.invokeTest() }
      let session = DependencyValues._startTrace()
      runningTrace.withValue { $0 = (session, false) }
      DependencyValues.withBound(session.values) { super.invokeTest() }
      let trace = session.stop()
      if tracing == .exhaustive {
        for failure in session.notOverriddenFailures(in: trace, testName: name) {
          let place = failure.place
          _ = recordIssue(
            failure.message,
            fileID: place?.fileID ?? "\(#fileID)", filePath: place?.filePath ?? "\(#filePath)",
            line: place?.line ?? #line, column: place?.column ?? #column
          )
        }
      }
      runningTrace.withValue { $0 = nil }
    }
  }

  /// The trace so far, the first time a failure asks for it in a traced test method.
  private func traceForFirstFailure() -> DependencyTrace? {
    runningTrace.withValue { running -> DependencyTrace? in
      guard let session = running?.session, running?.attached == false else { return nil }
      running?.attached = true
      return session.soFar
    }
  }

  #if canImport(Darwin)
  /// Records `issue`, with the dependency trace attached when it is the first failure of a
  /// traced test method.
  open override func record(_ issue: XCTIssue) {
    var issue = issue
    if let trace = traceForFirstFailure() {
      issue.add(XCTAttachment(string: trace._failureAttachment))
    }
    super.record(issue)
  }
  #else
  /// Records a failure, followed by the dependency trace when it is the first failure of a
  /// traced test method.
  open override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    var description = description
    if let trace = traceForFirstFailure() { description += "\n\n" + trace._failureAttachment }
    super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }
  #endif
}
