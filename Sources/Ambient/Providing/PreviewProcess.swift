import Foundation

/// Whether Xcode started this process to render previews (it sets
/// `XCODE_RUNNING_FOR_PREVIEWS=1`): for an app's entry point that must not start live services
/// there, as `isTesting` is for test runs.
///
/// Xcode runs the app's entry point in the preview process too (a public report, for Xcode 26:
/// https://github.com/pointfreeco/swift-dependencies/pull/378), so an `App.init` that opens the real
/// database, starts the network client, calls `prepareDependencies` with live values or installs
/// the live aggregate does so for every preview. Skip that work there, as for tests:
///
/// ```swift
/// @main
/// struct ItemsApp: App {
///   @State private var model: ItemListModel?
///
///   init() {
///     guard !isTesting, !isPreviewing else { return }
///     prepareDependencies { $0.database = .live }
///     _model = State(initialValue: ItemListModel())
///   }
/// }
/// ```
///
/// Previews then get their values from their traits alone, over the `previewValue`s.
///
/// It looks at the process, not at ``DependencyValues/context``: `AMBIENT_CONTEXT=preview`
/// does not make it true. It is decided once, when first read.
public let isPreviewing: Bool = PreviewProcess.isPreviewing(environment: ProcessInfo.processInfo.environment)

/// How ``isPreviewing`` decides.
enum PreviewProcess {
  /// Whether `environment` is that of a process Xcode started to render previews.
  static func isPreviewing(environment: [String: String]) -> Bool {
    environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
  }
}
