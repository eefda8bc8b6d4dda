import Ambient
import AmbientUI
import SwiftUI

/// The app's root: builds the aggregate once and installs it for every screen.
@main
@available(iOS 17.0, *)
struct ItemsApp: App {
  // Properties, built once in `init`, so `.dependency(app)` keeps its installation across body
  // evaluations. Both are nil when the app only hosts a test run (see `init`).
  private let app: AppDependency?
  @State private var listModel: ItemListModel?

  init() {
    // Running the app's tests launches the app as their host, in the test context: it builds
    // nothing then, so no live value is built and no test value is called outside a test.
    let app = isTesting ? nil : AppDependency.current()
    self.app = app
    // The list screen's model takes what it needs in its initialiser.
    _listModel = State(initialValue: app.map { ItemListModel(apiClient: $0.apiClient) })
  }

  var body: some Scene {
    WindowGroup {
      if let app, let listModel {
        NavigationStack {
          ItemListView(model: listModel)
        }
        .dependency(app)
      }
    }
  }
}
