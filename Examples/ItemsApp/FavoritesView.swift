import AmbientUI
import SwiftUI

/// The favourites sheet, opened from the list's toolbar: its model comes through its
/// initialiser, built by the `DependencyProvider` in the sheet's content.
struct FavoritesView: View {
  let model: FavoritesModel
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    List {
      ForEach(model.favorites) { item in
        Text(item.name)
          .swipeActions {
            Button("Remove", role: .destructive) { model.remove(item) }
          }
      }
    }
    .overlay {
      if model.favorites.isEmpty {
        ContentUnavailableView("No Favourites", systemImage: "star", description: Text("Mark an item with ☆."))
      }
    }
    .navigationTitle("Favourites")
    .toolbar {
      ToolbarItem(placement: .confirmationAction) {
        Button("Done") { dismiss() }
      }
    }
  }
}

@available(iOS 18.0, *)
#Preview("Two favourites", traits: .dependencies { _ in }) {
  NavigationStack {
    FavoritesView(model: FavoritesModel(items: Item.samples, database: .inMemory(favorites: ["1", "3"])))
  }
}
