import AmbientUI
import SwiftUI

/// The screen you look at: its model comes through its initialiser, so a preview supplies
/// exactly that. The detail screen it navigates to is built from the installed aggregate.
@available(iOS 17.0, *)
struct ItemListView: View {
  let model: ItemListModel

  var body: some View {
    List(model.items) { item in
      NavigationLink(item.name, value: item)
    }
    .overlay {
      if let failure = model.failure { Text(failure).foregroundStyle(.secondary) }
    }
    .navigationTitle("Items")
    .navigationDestination(for: Item.self) { item in
      // The detail model is built once, from the aggregate, inside this subtree's scope.
      DependencyProvider { (deps: AppDependency) in
        ItemDetailModel(item: item, database: deps.database, haptics: deps.haptics.value)
      } content: { model in
        ItemDetailView(model: model)
      }
    }
    .task { await model.appeared() }
    .refreshable { await model.load() }
  }
}

/// The list on sample items. Nothing is installed, so tapping an item shows the red
/// "AppDependency is not set." screen: the detail screen is not what this preview is about.
@available(iOS 17.0, *)
struct ItemListView_Previews: PreviewProvider {
  static var previews: some View {
    NavigationStack {
      ItemListView(model: ItemListModel(apiClient: .previewValue))
    }
  }
}
