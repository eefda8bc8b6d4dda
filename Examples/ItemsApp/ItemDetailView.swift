import Ambient
import AmbientUI
import SwiftUI

/// The detail screen: its model comes through its initialiser. Its notes screen is UIKit,
/// reached through `UIDependencyProvider` and the `dependencyScope` trait bridged from SwiftUI.
@available(iOS 17.0, *)
struct ItemDetailView: View {
  let model: ItemDetailModel
  @State private var isShowingNotes = false

  var body: some View {
    Form {
      Text(model.item.summary)
      Button(model.isFavorite ? "★ Favourite" : "☆ Make favourite") { model.toggleFavorite() }
      FavoriteCountView()
      Button("Notes") { isShowingNotes = true }
    }
    .navigationTitle(model.item.name)
    .sheet(isPresented: $isShowingNotes) {
      NotesScreen(item: model.item)
    }
  }
}

/// How many favourites there are: a view with a model of its own, built by `@ScopedModel`
/// inside this part of the tree, so it reads the database set above it.
@available(iOS 17.0, *)
struct FavoriteCountView: View {
  @ScopedModel private var model = FavoriteCountModel()

  var body: some View {
    Text("\(model.count) favourites").foregroundStyle(.secondary)
  }
}

/// Reads the database from the scope it was built in.
@available(iOS 17.0, *)
@MainActor
@Observable
final class FavoriteCountModel {
  @ObservationIgnored @Dependency(\.database) private var database
  var count: Int { database.favorites().count }
}

/// One item's detail, with its own store. Nothing is installed, so "Notes" shows the red
/// "AppDependency is not set." screen; the store set with `.dependency` reaches the count.
@available(iOS 17.0, *)
struct ItemDetailView_Previews: PreviewProvider {
  static let database = Database.inMemory(favorites: ["1", "2"])

  static var previews: some View {
    NavigationStack {
      ItemDetailView(model: ItemDetailModel(item: Item.samples[0], database: database, haptics: Haptics(isEnabled: false)))
    }
    .dependency(\.database, database)
  }
}
