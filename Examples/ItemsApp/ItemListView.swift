import Ambient
import AmbientUI
import SwiftUI

/// The screen you look at: its model comes through its initialiser, so a preview supplies
/// exactly that. The screens it opens are built from the installed aggregate: the detail it
/// pushes, and the favourites sheet.
struct ItemListView: View {
  let model: ItemListModel
  @State private var isShowingFavorites = false

  var body: some View {
    List(model.items) { item in
      NavigationLink(item.name, value: item)
    }
    .overlay {
      // Before any item is there: the first load, or why it failed.
      if model.items.isEmpty, let failure = model.failure {
        ContentUnavailableView {
          Label("No Items", systemImage: "exclamationmark.triangle")
        } description: {
          Text(failure)
        } actions: {
          Button("Try Again") { Task { await model.load() } }.disabled(model.isLoading)
        }
      } else if model.items.isEmpty, model.isLoading {
        ProgressView("Loading…")
      } else if model.items.isEmpty, model.isLoaded {
        ContentUnavailableView("No Items", systemImage: "tray")
      }
    }
    .safeAreaInset(edge: .bottom) {
      // A refresh that fails keeps the items loaded before it and says so below them.
      if !model.items.isEmpty, let failure = model.failure {
        RetryBar(failure: failure) { Task { await model.load() } }
      }
    }
    .navigationTitle("Items")
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        Button("Favourites", systemImage: "star") { isShowingFavorites = true }
      }
    }
    .navigationDestination(for: Item.self) { item in
      // The detail model is built once, from the aggregate, inside this subtree's scope.
      DependencyProvider { (deps: AppDependency) in
        ItemDetailModel(item: item, database: deps.database, haptics: deps.haptics.value)
      } content: { model in
        ItemDetailView(model: model)
      }
    }
    .sheet(isPresented: $isShowingFavorites) {
      // The sheet's content is in this view's tree, so it reads the same aggregate.
      DependencyProvider { (deps: AppDependency) in
        FavoritesModel(items: model.items, database: deps.database)
      } content: { favorites in
        NavigationStack { FavoritesView(model: favorites) }
      }
    }
    .task { await model.appeared() }
    .refreshable { await model.load() }
  }
}

/// A failed refresh, below the items it kept, with a button to try again.
private struct RetryBar: View {
  let failure: String
  let retry: () -> Void

  var body: some View {
    HStack {
      Label(failure, systemImage: "exclamationmark.triangle").font(.footnote)
      Spacer()
      Button("Try Again", action: retry).buttonStyle(.bordered)
    }
    .padding()
    .background(.bar)
  }
}

// Each preview gives the list only its model, and says what the screens it opens get: the
// aggregate installed, or nothing (they show the red "AppDependency is not set." screen).

@available(iOS 18.0, *)
#Preview("Items", traits: .dependency(AppDependency(apiClient: .preview, database: .preview))) {
  NavigationStack {
    ItemListView(model: ItemListModel(apiClient: .preview))
  }
}

@available(iOS 18.0, *)
#Preview("Nothing installed: an item shows “not set”", traits: .dependencies { _ in }) {
  NavigationStack {
    ItemListView(model: ItemListModel(apiClient: .preview))
  }
}

@available(iOS 18.0, *)
#Preview("Loading", traits: .dependencies { _ in }) {
  NavigationStack {
    ItemListView(model: ItemListModel(apiClient: APIClient(fetchItems: { try await Task.never() })))
  }
}

@available(iOS 18.0, *)
#Preview("Offline", traits: .dependencies { _ in }) {
  NavigationStack {
    ItemListView(model: ItemListModel(apiClient: APIClient(fetchItems: { throw URLError(.notConnectedToInternet) })))
  }
}
