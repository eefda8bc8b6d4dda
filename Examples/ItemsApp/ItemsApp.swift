import AmbientUI
import SwiftUI

/// The app's root: builds the aggregate once and installs it for every screen.
@main
@available(iOS 17.0, *)
struct ItemsApp: App {
  // A property, so `.dependency(app)` keeps its installation across body evaluations.
  private let app: AppDependency
  @State private var listModel: ItemListModel

  init() {
    let app = AppDependency.live
    self.app = app
    // The list screen's model takes what it needs in its initialiser.
    _listModel = State(initialValue: ItemListModel(apiClient: app.apiClient))
  }

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        ItemListView(model: listModel)
      }
      .dependency(app)
    }
  }
}
