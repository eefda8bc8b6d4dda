import AmbientUI
import SwiftUI

/// The detail screen: its model comes through its initialiser. Its notes screen is UIKit,
/// reached through `UIDependencyProvider` and the `dependencyScope` trait bridged from SwiftUI.
struct ItemDetailView: View {
  let model: ItemDetailModel
  @State private var isShowingNotes = false

  var body: some View {
    Form {
      Text(model.item.summary)
      Button(model.isFavorite ? "★ Favourite" : "☆ Make Favourite") { model.toggleFavorite() }
      Text("\(model.favoriteCount) favourites").foregroundStyle(.secondary)
      Button("Notes") { isShowingNotes = true }
    }
    .navigationTitle(model.item.name)
    .sensoryFeedback(trigger: model.haptics.requests) { _, _ in
      model.haptics.isEnabled ? .impact(weight: .light) : nil
    }
    .sheet(isPresented: $isShowingNotes) {
      NotesScreen(item: model.item)
    }
  }
}

/// One item's detail, with its own store. Nothing is installed, so "Notes" shows the red
/// "AppDependency is not set." screen: the notes screen is not what this preview is about.
@available(iOS 18.0, *)
#Preview("A favourite", traits: .dependencies { _ in }) {
  NavigationStack {
    ItemDetailView(
      model: ItemDetailModel(
        item: Item.samples[0], database: .inMemory(favorites: ["1", "2"]), haptics: Haptics(isEnabled: false))
    )
  }
}
