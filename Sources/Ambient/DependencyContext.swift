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

  /// The context that `AMBIENT_CONTEXT` or `SWIFT_DEPENDENCIES_CONTEXT` forces, or `nil` when
  /// neither is set to a context; the one parser of those variables, for Ambient and its example.
  ///
  /// Values are matched case-insensitively. Each set variable whose value is not a context is
  /// handed to `invalid` (name, value) and skipped, so the caller decides whether a typo is a
  /// warning (Ambient) or an error (a command-line tool).
  package static func forced(
    by environment: [String: String],
    invalid: (_ variable: String, _ value: String) throws -> Void
  ) rethrows -> DependencyContext? {
    for name in environmentVariables {
      guard let raw = environment[name] else { continue }
      if let forced = DependencyContext(rawValue: raw.lowercased()) { return forced }
      try invalid(name, raw)
    }
    return nil
  }

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
    let forced = forced(by: environment) { variable, value in
      reportIssue(IssueMessage.invalidContext(variable: variable, value: value).description)
    }
    if let forced { return forced }
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    if TestRunner(environment: environment, arguments: arguments).isTestProcess || testFrameworkLoaded {
      return .test
    }
    return .live
  }
}
