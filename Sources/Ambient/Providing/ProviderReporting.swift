/// Decides when a UI provider reports a required dependency that was not installed: once each
/// time the provider appears, however often its body is evaluated while it is on screen.
///
/// SwiftUI evaluates a body many times, and a report on each would bury the one that matters.
/// `AmbientUI`'s `DependencyProvider` keeps one of these per view (in `@State`) and forwards its
/// body evaluations and its `onAppear` / `onDisappear`:
///
/// ```swift
/// let required = scope.required(AppDependency.self)
/// reporting.evaluated(required, fileID: fileID, filePath: filePath, line: line, column: column)
/// …
/// .onAppear { reporting.appeared() }
/// .onDisappear { reporting.disappeared() }
/// ```
///
/// A body evaluated before the view appears reports when it appears; one evaluated while it is
/// on screen reports if this appearance has not reported yet (the aggregate went missing while
/// it was shown); disappearing starts a new appearance. The red "not set" view itself is drawn
/// on every evaluation: only the report is limited.
///
/// Main-actor isolated: a view's body and its appearance callbacks run there.
@MainActor
package final class ProviderReporting {
  private var isOnScreen = false
  private var hasReported = false
  /// Reports what the latest evaluation found missing; `nil` when it was installed.
  private var pendingReport: (() -> Void)?

  // Nonisolated so that a view's `@State` default value can create it from any context.
  nonisolated package init() {}

  /// The provider's body was evaluated and found `required` as its scope holds it.
  package func evaluated<Value>(
    _ required: Required<Value>,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    if required.isInstalled {
      pendingReport = nil
    } else {
      pendingReport = { required.reportMissing(fileID: fileID, filePath: filePath, line: line, column: column) }
    }
    reportIfDue()
  }

  /// The provider appeared on screen.
  package func appeared() {
    isOnScreen = true
    reportIfDue()
  }

  /// The provider left the screen; its next appearance may report again.
  package func disappeared() {
    isOnScreen = false
    hasReported = false
  }

  private func reportIfDue() {
    guard isOnScreen, !hasReported, let pendingReport else { return }
    hasReported = true
    pendingReport()
  }
}
