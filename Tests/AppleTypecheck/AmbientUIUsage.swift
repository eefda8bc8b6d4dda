// A user's app, as the README and the articles show it, using every public AmbientUI API.
// Not built by SwiftPM (no target lists it): `ios-typecheck.sh` typechecks it against a real
// iPhoneOS SDK, with the Swift 6 data-race checks (see the README's "What is verified where").
// `#Preview` is a macro whose plugin ships only with Xcode, so previews here use
// `PreviewProvider`; the views inside them are what a `#Preview` body would hold. Views are
// `@MainActor`, as the iOS 18 SDK makes every `View` (with `SIM18=1` the script checks that
// too); on the 17.4 SDK a Swift 6 app says so itself to build its main-actor models in `body`.
import Ambient
import AmbientUI
import Combine
import SwiftUI
import UIKit

// MARK: - Dependencies

struct Item: Identifiable, Hashable, Sendable {
  var id: String
  var name: String
  nonisolated static let samples = [Item(id: "1", name: "Oak desk"), Item(id: "2", name: "Reading lamp")]
}

// Conformances in the declarations, values in `nonisolated` extensions: as the articles write
// them, so that the file compiles in an app target with default main-actor isolation too.
struct APIClient: DependencyKey, Sendable {
  var fetchItems: @Sendable () async throws -> [Item]
}

nonisolated extension APIClient {
  static let live = APIClient(fetchItems: { [] })
  static let mock = APIClient(fetchItems: { Item.samples })
  static let liveValue = APIClient.live
  static let previewValue = APIClient.mock
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

struct Database: DependencyKey, Sendable {
  var isFavourite: @Sendable (Item.ID) -> Bool
}

nonisolated extension Database {
  static let live = Database(isFavourite: { _ in false })
  static func inMemory(favorites: Set<Item.ID>) -> Database { Database(isFavourite: { favorites.contains($0) }) }
  static let liveValue = Database.live
  static let previewValue = Database.inMemory(favorites: ["2"])
}

/// A type that is its own key, for `.dependency(_:)` by value.
struct Theme: DependencyKey, Sendable {
  var accent: Color
  static let liveValue = Theme(accent: .blue)
}

nonisolated extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
  var database: Database {
    get { self[Database.self] }
    set { self[Database.self] = newValue }
  }
  var theme: Theme {
    get { self[Theme.self] }
    set { self[Theme.self] = newValue }
  }
}

/// The app-wide aggregate, installed once at the root.
struct AppDependency: RequiredDependencyKey {
  let apiClient: APIClient
  let database: Database
}

// MARK: - Models

@MainActor
final class ItemListModel: ObservableObject {
  @Published private(set) var items: [Item] = []
  private let apiClient: APIClient

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  func load() async {
    items = (try? await apiClient.fetchItems()) ?? []
  }
}

@MainActor
final class ItemDetailModel: ObservableObject {
  let item: Item
  let database: Database
  @Dependency(\.apiClient) var apiClient

  init(item: Item, database: Database) {
    self.item = item
    self.database = database
  }

  var isFavourite: Bool { database.isFavourite(item.id) }
}

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

@MainActor
struct ItemListView_Previews: PreviewProvider {
  static var previews: some View {
    Group {
      // The screen you look at: initializer injection only.
      ItemListView(model: ItemListModel(apiClient: .mock))
        .dependency(\.database, .inMemory(favorites: ["1"]))

      // One preview's own values, and its model built once.
      WithDependencies {
        $0.database = .inMemory(favorites: [])
      } model: {
        ItemListModel(apiClient: APIClient(fetchItems: { [] }))
      } content: { model in
        ItemListView(model: model)
      }

      WithDependencies {
        $0.install(AppDependency(apiClient: .mock, database: .inMemory(favorites: ["2"])))
      } content: {
        ItemDetailView(model: ItemDetailModel(item: Item.samples[1], database: .inMemory(favorites: ["2"])))
      }

      WithDependencies(model: { ItemListModel(apiClient: .mock) }) { model in
        ItemListView(model: model)
      }

      ThemedBadge()
        .dependency(Theme(accent: .orange))
        .dependencies {
          $0.apiClient = .mock
          $0.database = .inMemory(favorites: ["1", "2"])
        }
    }
  }
}

// As in Articles/MigratingFromEnvironmentObject.md: a view without a model.
struct DiceRoller: DependencyKey, Sendable {
  var roll: @Sendable () -> Int
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

@MainActor
struct RollButton_Previews: PreviewProvider {
  static var previews: some View {
    RollButton().dependency(\.diceRoller, DiceRoller(roll: { 6 }))
  }
}

// MARK: - UIKit (iOS 17 and later)

@available(iOS 17.0, *)
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    guard let windowScene = scene as? UIWindowScene else { return }
    windowScene.traitOverrides.dependencyScope = DependencyScope()
      .installing(AppDependency(apiClient: .live, database: .live))
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = UINavigationController(rootViewController: ItemListViewController())
    self.window = window
    window.makeKeyAndVisible()
  }
}

@available(iOS 17.0, *)
final class ItemListViewController: UIViewController {
  func show(_ item: Item) {
    let detail = UIDependencyProvider.makeViewController(for: self) { (deps: AppDependency) in
      ItemDetailViewController(model: ItemDetailModel(item: item, database: deps.database))
    }
    navigationController?.pushViewController(detail, animated: true)
  }

  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    let scope = traitCollection.dependencyScope
    let hosted = UIHostingController(rootView: ThemedBadge().environment(\.dependencyScope, scope))
    addChild(hosted)
    traitOverrides.dependencyScope = scope.updating(\.database, .inMemory(favorites: []))
  }
}

@available(iOS 17.0, *)
final class ItemDetailViewController: UIViewController {
  let model: ItemDetailModel

  init(model: ItemDetailModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

// MARK: - Models built inside their scope

@MainActor
final class FavouriteCountModel: ObservableObject {
  @Dependency(\.database) var database
  var count: Int { Item.samples.filter { database.isFavourite($0.id) }.count }
}

@available(iOS 14.0, *)
@MainActor
struct FavouriteCountView: View {
  // Not `@StateObject private var model = FavouriteCountModel()`, which would capture live values.
  @ScopedModel private var model = FavouriteCountModel()

  var body: some View {
    Text("\(model.count) favourites")
  }
}

@available(iOS 16.0, *)
@MainActor
struct ProvidedDetailList: View {
  var body: some View {
    NavigationStack {
      List(Item.samples) { item in NavigationLink(item.name, value: item) }
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

// MARK: - #Preview traits (iOS 18; checked with SIM18=1 and the real iOS 18 and 26 SDKs, absent
// against the 17.4 SDK)

#if canImport(SwiftUI, _version: 6.0)
// What `#Preview(traits: …)` receives; the macro itself needs Xcode's plugin.
@available(iOS 18.0, *)
@MainActor
let previewTraits: [PreviewTrait<Preview.ViewTraits>] = [
  .dependencies {
    $0.apiClient = .mock
    $0.database = .inMemory(favorites: [])
  },
  .dependency(\.database, .inMemory(favorites: ["1"])),
  .dependency(Theme(accent: .orange)),
  .dependency(AppDependency(apiClient: .mock, database: .inMemory(favorites: ["2"]))),
  .dependencies { _ in },
]

// As in Articles/PreviewsWithoutABucketBrigade.md, "Preview traits": the preview's model made
// below its traits, where it reads their values in any order.
@available(iOS 18.0, *)
@MainActor
@Observable
final class FeatureModel {
  @ObservationIgnored @Dependency(\.apiClient) var apiClient
  var items: [Item] = []
}

@available(iOS 18.0, *)
@MainActor
struct FeatureView: View {
  let model: FeatureModel

  var body: some View {
    List(model.items) { item in Text(item.name) }
      .task { model.items = (try? await model.apiClient.fetchItems()) ?? [] }
  }
}

// `#Preview(traits: .dependencies { $0.apiClient = .preview }) { … }`: its body is a closure.
@available(iOS 18.0, *)
@MainActor
let featurePreviewBody = {
  Group {
    WithDependencies(model: { FeatureModel() }) { model in
      FeatureView(model: model)
    }
  }
}
#endif

// As in Articles/PreviewsWithoutABucketBrigade.md, "An app's entry point in the preview
// process".
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
