import Ambient
import AmbientUI
import SwiftUI

/// The app's root: builds the aggregate once and installs it for every window.
@main
struct ItemsApp: App {
  /// Built once, in `init`, so `.dependency(app)` keeps its installation across body
  /// evaluations; `nil` when the process only hosts tests or previews (see `init`).
  private let app: AppDependency?
  /// Set when a UI test launched the app with a profile it does not declare.
  private let unknownProfile: UnknownLaunchProfile?

  init() {
    // Running the app's tests launches the app as their host, in the test context, and Xcode
    // runs the app's entry point in the preview process too: build nothing there, so no live
    // value is built, no test value is called outside a test, and nothing is prepared under a
    // preview's values.
    guard !isTesting, !isPreviewing else {
      app = nil
      unknownProfile = nil
      return
    }
    // First, before anything reads a dependency: the launch profiles a UI test chose with
    // AMBIENT_PROFILE or -AmbientProfile NAME (LaunchProfiles.swift), so the aggregate below
    // is built from their values.
    unknownProfile = prepareDependencies(launchProfiles: [.emptyCatalogue, .offline])
    app = AppDependency.current()
  }

  var body: some Scene {
    WindowGroup {
      if let unknownProfile {
        UnknownLaunchProfileView(unknownProfile)
      } else if let app {
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
