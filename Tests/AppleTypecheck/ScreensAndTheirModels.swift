// The samples of AmbientUI.docc/Articles/ScreensAndTheirModels.md, as printed there, with the
// declarations they leave to the reader. Not built by SwiftPM: `run.sh` typechecks it against
// the iPhoneOS SDK, plain and as a new Xcode app target (APP=1), each with SIM18=0 and 1.
import Ambient
import AmbientUI
import Observation
import SwiftUI

struct Item: Hashable, Identifiable, Sendable {
  var id: String
  var name: String
}

struct Database: Sendable {
  var favorites: @Sendable () -> Set<Item.ID>
  var setFavorite: @Sendable (Item.ID, Bool) -> Void
  var note: @Sendable (Item.ID) -> String
  var setNote: @Sendable (Item.ID, String) -> Void
}

struct AppDependency: RequiredDependencyKey {
  let database: Database
}

@available(iOS 17.0, *)
@MainActor @Observable final class ItemDetailModel {
  let item: Item
  @ObservationIgnored private let database: Database
  init(item: Item, database: Database) {
    self.item = item
    self.database = database
  }
}

@available(iOS 17.0, *)
@MainActor @Observable final class NoteEditorModel {
  let item: Item
  var text: String
  @ObservationIgnored private let database: Database
  init(item: Item, database: Database) {
    self.item = item
    self.database = database
    text = database.note(item.id)
  }
  func save() { database.setNote(item.id, text) }
}

@available(iOS 17.0, *)
@MainActor @Observable final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var favorites: Set<Item.ID>
  @ObservationIgnored private let database: Database
  init(database: Database) {
    self.database = database
    favorites = database.favorites()
  }
  func isFavorite(_ item: Item) -> Bool { favorites.contains(item.id) }
  func toggleFavorite(_ item: Item) {
    database.setFavorite(item.id, !isFavorite(item))
    favorites = database.favorites()
  }
}

@available(iOS 17.0, *)
struct ItemDetailView: View {
  let model: ItemDetailModel
  var body: some View { Text(model.item.name) }
}

@available(iOS 17.0, *)
struct NoteEditor: View {
  @Bindable var model: NoteEditorModel
  var body: some View {
    TextEditor(text: $model.text).onDisappear { model.save() }
  }
}

// MARK: - navigationDestination

@available(iOS 17.0, *)
struct ItemStack: View {
  let model: ItemListModel

  var body: some View {
    NavigationStack {
      List(model.items) { item in
        NavigationLink(item.name, value: item)
      }
      .navigationDestination(for: Item.self) { item in
        DependencyProvider { (deps: AppDependency) in
          ItemDetailModel(item: item, database: deps.database)
        } content: { model in
          ItemDetailView(model: model)
        }
      }
    }
  }
}

// MARK: - Split-view detail

@available(iOS 17.0, *)
struct ItemSplitView: View {
  let model: ItemListModel
  @State private var selection: Item?

  var body: some View {
    NavigationSplitView {
      List(model.items, selection: $selection) { item in
        Text(item.name).tag(item)
      }
    } detail: {
      if let item = selection {
        DependencyProvider(id: item) { (deps: AppDependency) in
          ItemDetailModel(item: item, database: deps.database)
        } content: { model in
          ItemDetailView(model: model)
        }
      }
    }
  }
}

// MARK: - Sheets

@available(iOS 17.0, *)
struct ItemNotesButton: View {
  let item: Item
  @State private var editing: Item?

  var body: some View {
    Button("Notes") { editing = item }
      .sheet(item: $editing) { item in
        DependencyProvider { (deps: AppDependency) in
          NoteEditorModel(item: item, database: deps.database)
        } content: { model in
          NoteEditor(model: model)
        }
      }
  }
}

// MARK: - List and ForEach rows

@available(iOS 17.0, *)
struct FavoritesList: View {
  let model: ItemListModel

  var body: some View {
    List {
      ForEach(model.items) { item in
        ItemRow(item: item, isFavorite: model.isFavorite(item)) {
          model.toggleFavorite(item)
        }
      }
    }
  }
}

@available(iOS 17.0, *)
struct ItemRow: View {
  let item: Item
  let isFavorite: Bool
  let toggle: () -> Void

  var body: some View {
    Button(action: toggle) {
      Label(item.name, systemImage: isFavorite ? "star.fill" : "star")
    }
  }
}
