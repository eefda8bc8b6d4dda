import Ambient
import AmbientUI
import SwiftUI

/// The app's root: builds the aggregate once and installs it for every window.
@main
struct ItemsApp: App {
  /// Built once, in `init`, so `.dependency(app)` keeps its installation across body
  /// evaluations; `nil` when the app only hosts a test run (see `init`).
  private let app: AppDependency?

  init() {
    // MARK: Launch profiles
    // Apply the launch profile chosen by AMBIENT_PROFILE here, before anything reads a
    // dependency, so the aggregate below is built from the profile's values.

    // Running the app's tests launches the app as their host, in the test context: it builds
    // nothing then, so no live value is built and no test value is called outside a test.
    app = isTesting ? nil : AppDependency.current()
  }

  var body: some Scene {
    WindowGroup {
      if let app {
        // Each window (an iPad has several) gets its own list model, built from the aggregate.
        DependencyProvider { (deps: AppDependency) in
          ItemListModel(apiClient: deps.apiClient)
        } content: { model in
          NavigationStack { ItemListView(model: model) }
        }
        .dependency(app)
      }
    }
  }
}
