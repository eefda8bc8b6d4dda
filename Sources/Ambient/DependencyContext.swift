import Foundation

/// The context a process runs in, which decides whether dependencies default to their live,
/// preview or test values.
///
/// Ambient detects the context once per process:
/// - `test` under `swift test` and Xcode's test runner, for XCTest and Swift Testing alike;
/// - `preview` when `XCODE_RUNNING_FOR_PREVIEWS=1` (Xcode previews);
/// - `live` otherwise.
///
/// Set the `AMBIENT_CONTEXT` environment variable to `live`, `preview` or `test` to force one
/// (`SWIFT_DEPENDENCIES_CONTEXT` is accepted too, for users migrating from swift-dependencies).
/// An unknown value is reported and ignored.
///
/// Read the context with `@Dependency(\.context)`, and override it to choose which default
/// values a scope uses:
///
/// ```swift
/// withDependencies {
///   $0.context = .preview
/// } operation: {
///   ItemListModel()   // reads preview values
/// }
/// ```
public enum DependencyContext: String, Sendable, CaseIterable {
  /// The app or server in normal use: dependencies default to their `liveValue`.
  case live
  /// Xcode previews: dependencies default to their `previewValue`, then their `liveValue`.
  case preview
  /// Tests: dependencies default to their `testValue`; reaching a live value fails the test.
  case test

  /// The environment variables that force a context, in the order they are read.
  static let environmentVariables = ["AMBIENT_CONTEXT", "SWIFT_DEPENDENCIES_CONTEXT"]

  /// The context this process runs in, detected once.
  @usableFromInline static let detected: DependencyContext = detect(
    environment: ProcessInfo.processInfo.environment,
    arguments: CommandLine.arguments,
    testFrameworkLoaded: TestObservation.isTestFrameworkLoaded
  )

  static func detect(
    environment: [String: String],
    arguments: [String],
    testFrameworkLoaded: Bool
  ) -> DependencyContext {
    for name in environmentVariables {
      guard let raw = environment[name] else { continue }
      if let forced = DependencyContext(rawValue: raw.lowercased()) { return forced }
      let message = IssueMessage.invalidContext(variable: name, value: raw)
      reportIssue(message.description)
    }
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    if TestRunner(environment: environment, arguments: arguments).isTestProcess || testFrameworkLoaded {
      return .test
    }
    return .live
  }
}
