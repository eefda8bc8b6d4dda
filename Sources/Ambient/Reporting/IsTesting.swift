/// Whether this process was started by a test runner: `swift test` or Xcode, running XCTest or
/// Swift Testing, on Apple platforms and Linux. The same meaning as issue-reporting's
/// `isTesting`, for code that must behave differently under tests.
///
/// ```swift
/// if !isTesting {
///   analytics.start()  // never from a test process
/// }
/// ```
///
/// It looks at the process (its executable, arguments and the variables test runners set),
/// not at ``DependencyValues/context``: `AMBIENT_CONTEXT=live` does not change it, and it is
/// decided once, when first read.
// Disfavoured: beside `import IssueReporting`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public let isTesting: Bool = TestRunner.current.isTestProcess
