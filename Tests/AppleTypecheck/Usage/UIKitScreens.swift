// The app's UIKit screens, its models built inside their scope, and preview traits (see
// Dependencies.swift).
import Ambient
import AmbientUI
import Combine
import Observation
import SwiftUI
import UIKit

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

// MARK: - #Preview traits (iOS 18)

@available(iOS 18.0, *)
#Preview(
  "Traits",
  traits: .dependencies {
    $0.apiClient = .mock
    $0.database = .inMemory(favorites: [])
  },
  .dependency(\.database, .inMemory(favorites: ["1"])),
  .dependency(Theme(accent: .orange)),
  .dependency(AppDependency(apiClient: .mock, database: .inMemory(favorites: ["2"])))
) {
  ItemListView(model: ItemListModel(apiClient: .mock))
}

// As in Articles/PreviewsWithoutABucketBrigade.md, "Preview traits": the preview's model made
// below its traits, where it reads their values in any order Xcode builds previews in.
@available(iOS 17.0, *)
@MainActor
@Observable
final class FeatureModel {
  @ObservationIgnored @Dependency(\.apiClient) var apiClient
  var items: [Item] = []
}

@available(iOS 17.0, *)
@MainActor
struct FeatureView: View {
  let model: FeatureModel

  var body: some View {
    List(model.items) { item in Text(item.name) }
      .task { model.items = (try? await model.apiClient.fetchItems()) ?? [] }
  }
}

@available(iOS 18.0, *)
#Preview("Model below the traits", traits: .dependencies { $0.apiClient = .mock }, .dependencies { _ in }) {
  WithDependencies(model: { FeatureModel() }, content: { model in FeatureView(model: model) })
}
