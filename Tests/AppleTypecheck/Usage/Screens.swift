// The app's SwiftUI screens and their previews (see Dependencies.swift).
import Ambient
import AmbientUI
import Combine
import SwiftUI

// MARK: - SwiftUI

@available(iOS 14.0, *)
struct ItemsApp: App {
  // Kept in a property: `.dependency(app)` keeps its installation across body evaluations.
  let app = AppDependency(apiClient: .live, database: .live)

  var body: some Scene {
    WindowGroup {
      RootView(model: ItemListModel(apiClient: app.apiClient))
        .dependency(app)
    }
  }
}

// As in Articles/PreviewsWithoutABucketBrigade.md, "An app's entry point in the preview
// process": nothing live in a test run or in Xcode's preview process.
@available(iOS 16.0, *)
struct PreviewAwareApp: App {
  init() {
    guard !isTesting, !isPreviewing else { return }
    prepareDependencies {
      $0.install(AppDependency(apiClient: .live, database: .live))
    }
  }

  var body: some Scene {
    WindowGroup {
      ItemsRoot()
    }
  }
}

@available(iOS 16.0, *)
@MainActor
struct ItemsRoot: View {
  var body: some View {
    ProvidedDetailList()
  }
}

@MainActor
struct RootView: View {
  @ObservedObject var model: ItemListModel

  var body: some View {
    NavigationView {
      ItemListView(model: model)
    }
  }
}

@MainActor
struct ItemListView: View {
  @ObservedObject var model: ItemListModel
  @ViewDependency(\.database) private var database
  @ViewDependency(AppDependency.self) private var app

  var body: some View {
    List(model.items) { item in
      NavigationLink(destination: destination(for: item)) {
        HStack {
          Text(item.name)
          if database.isFavourite(item.id) { Image(systemName: "star.fill") }
        }
      }
    }
    .onAppear { _ = app.isInstalled }
  }

  private func destination(for item: Item) -> some View {
    DependencyProvider { (deps: AppDependency) in
      ItemDetailView(model: ItemDetailModel(item: item, database: deps.database))
    }
  }
}

@MainActor
@available(iOS 16.0, *)
struct StackedItemListView: View {
  @ObservedObject var model: ItemListModel

  var body: some View {
    NavigationStack {
      List(model.items) { item in
        NavigationLink(item.name, value: item)
      }
      .navigationDestination(for: Item.self) { item in
        DependencyProvider { (deps: AppDependency) in
          ItemDetailView(model: ItemDetailModel(item: item, database: deps.database))
        }
      }
    }
  }
}

@MainActor
struct ItemDetailView: View {
  @ObservedObject var model: ItemDetailModel
  @Environment(\.dependencyScope) private var scope
  @State private var related: ItemDetailModel?

  var body: some View {
    VStack {
      Text(model.item.name)
      Text(model.isFavourite ? "★ favourite" : "not a favourite")
      Button("Related") {
        related = scope.withValues { ItemDetailModel(item: Item.samples[0], database: model.database) }
      }
    }
  }
}

@MainActor
struct ThemedBadge: View {
  @ViewDependency(\.theme) private var theme

  var body: some View {
    Circle().fill(theme.accent)
  }
}

// The screen you look at: initializer injection only.
#Preview {
  ItemListView(model: ItemListModel(apiClient: .mock))
    .dependency(\.database, .inMemory(favorites: ["1"]))
}

// One preview's own values, and its model built once.
#Preview("WithDependencies") {
  WithDependencies {
    $0.database = .inMemory(favorites: [])
  } model: {
    ItemListModel(apiClient: APIClient(fetchItems: { [] }))
  } content: { model in
    ItemListView(model: model)
  }
}

#Preview("Installed") {
  WithDependencies {
    $0.install(AppDependency(apiClient: .mock, database: .inMemory(favorites: ["2"])))
  } content: {
    ItemDetailView(model: ItemDetailModel(item: Item.samples[1], database: .inMemory(favorites: ["2"])))
  }
}

#Preview("Model only") {
  WithDependencies(model: { ItemListModel(apiClient: .mock) }, content: { model in ItemListView(model: model) })
}

#Preview("Modifiers") {
  ThemedBadge()
    .dependency(Theme(accent: .orange))
    .dependencies {
      $0.apiClient = .mock
      $0.database = .inMemory(favorites: ["1", "2"])
    }
}

// As in Articles/MigratingFromEnvironmentObject.md: a view without a model.
struct DiceRoller: DependencyKey, Sendable {
  var roll: @Sendable () -> Int
}

nonisolated extension DiceRoller {
  static let liveValue = DiceRoller(roll: { Int.random(in: 1...6) })
  static let testValue = DiceRoller(roll: unimplemented("DiceRoller.roll", placeholder: 1))
}

nonisolated extension DependencyValues {
  var diceRoller: DiceRoller {
    get { self[DiceRoller.self] }
    set { self[DiceRoller.self] = newValue }
  }
}

@MainActor
struct RollButton: View {
  @ViewDependency(\.diceRoller) private var diceRoller
  @State private var lastRoll: Int?

  var body: some View {
    Button(lastRoll.map { "Rolled \($0)" } ?? "Roll") { lastRoll = diceRoller.roll() }
  }
}

#Preview("A six") {
  RollButton().dependency(\.diceRoller, DiceRoller(roll: { 6 }))
}
