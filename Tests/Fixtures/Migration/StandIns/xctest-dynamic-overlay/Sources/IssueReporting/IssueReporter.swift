/// Receives the issues a program reports, as IssueReporting's reporters do (a stand-in: only
/// the name and a method of its own).
public protocol IssueReporter: Sendable {
  /// Receives one issue.
  func report(_ message: String)
}
