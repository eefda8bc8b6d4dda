// Mirrors AmbientUI.docc/Articles/PreviewsWithoutABucketBrigade.md and Ambient.docc/Articles/ProvidersForAppRoots.md.
// The SwiftUI and UIKit snippets are typechecked by Tests/AppleTypecheck/run.sh, each on its own;
// the decision they draw is `DependencyScope.provide`, exercised below, as `installing`.
import Ambient
import AmbientTestSupport
import Testing

enum PreviewsWithoutABucketBrigadeExamples {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: Sendable {
    var fetchItems: @Sendable () async throws -> [Item]
    static let live = APIClient(fetchItems: { [] })
    static let preview = APIClient(fetchItems: { [Item(id: 1, name: "Kettle")] })
  }

  struct Database: Sendable {
    var favourites: @Sendable () -> [Item.ID]
    static let live = Database(favourites: { [] })
    static let preview = Database(favourites: { [1] })
  }

  struct AppDependency: RequiredDependencyKey {
    let apiClient: APIClient
    let database: Database
  }

  final class ItemListModel {
    let apiClient: APIClient
    var items: [Item] = []
    init(apiClient: APIClient) { self.apiClient = apiClient }
  }

  final class ItemDetailModel {
    let item: Item
    let database: Database
    init(item: Item, database: Database) {
      self.item = item
      self.database = database
    }
    var isFavourite: Bool { database.favourites().contains(item.id) }
  }

  enum Screen {
    case detail(ItemDetailModel)
    case notSet(String)
  }

  static func detailScreen(for item: Item, in scope: DependencyScope) -> Screen {
    scope.withValues {
      @Dependency(AppDependency.self) var app
      return app.resolve { deps in
        .detail(ItemDetailModel(item: item, database: deps.database))
      } fallback: {
        .notSet(ProviderFallback(missing: AppDependency.self).text)  // "AppDependency is not set."
      }
    }
  }

  /// What the app's entry point does once.
  static func installAtTheRoot() {
    prepareDependencies {
      $0.install(AppDependency(apiClient: .live, database: .live))
    }
  }

  /// The `App.init` of "An app's entry point in the preview process": nothing in a test run or
  /// in Xcode's preview process.
  static func appInit() {
    guard !isTesting, !isPreviewing else { return }
    prepareDependencies {
      $0.install(AppDependency(apiClient: .live, database: .live))
    }
  }
}

@Suite struct PreviewsWithoutABucketBrigadeExamplesTests {
  typealias Example = PreviewsWithoutABucketBrigadeExamples
  typealias Item = Example.Item

  @Test(oneMinuteLimit) func theListIsBuiltFromWhatItNeedsAlone() async throws {
    let model = Example.ItemListModel(apiClient: .preview)
    model.items = try await model.apiClient.fetchItems()
    #expect(model.items == [Item(id: 1, name: "Kettle")])
  }

  @Test func anInstalledAggregateIsHandedOverNonOptionally() {
    let screen = withDependencies {
      $0.install(Example.AppDependency(apiClient: .preview, database: .preview))
    } operation: {
      Example.detailScreen(for: Item(id: 1, name: "Kettle"), in: DependencyScope())
    }
    guard case .detail(let model) = screen else {
      Issue.record("expected the detail screen")
      return
    }
    #expect(model.isFavourite)
  }

  @Test func installingAtTheRootMakesItAvailableEverywhere() {
    Example.installAtTheRoot()
    let screen = Example.detailScreen(for: Item(id: 2, name: "Teapot"), in: DependencyScope())
    guard case .detail(let model) = screen else {
      Issue.record("expected the detail screen")
      return
    }
    #expect(!model.isFavourite)
  }

  @Test func theAppsInitInstallsNothingInATestRun() {
    Example.appInit()
    #expect(!DependencyValues._current[Example.AppDependency.self].isInstalled)
  }

  @Test func aMissingAggregateIsReportedAndFallsBack() {
    withKnownIssue {
      let screen = Example.detailScreen(for: Item(id: 1, name: "Kettle"), in: DependencyScope())
      guard case .notSet(let text) = screen else {
        Issue.record("expected the fallback")
        return
      }
      #expect(text == "AppDependency is not set.")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        AppDependency is not set: it was asked for in the test context, but none was installed.

          Asked for at: \(#fileID):55
          Required key: AppDependency
          Context:      test

        AppDependency is a RequiredDependencyKey, so it has no default value: Ambient used the fallback instead of building a live one in its place.

        To fix:
          • Install it once at the app's root: prepareDependencies { $0.install(AppDependency(…)) }, or .dependency(AppDependency(…)) on the root view.
          • In a preview or a test, install one for that scope: withDependencies { $0.install(AppDependency(…)) } operation: { … }.
        """
      ]
    }
  }

  @Test func theAggregateComparesByIdentity() {
    let first = Required(Example.AppDependency(apiClient: .live, database: .live))
    let copy = first
    let second = Required(Example.AppDependency(apiClient: .live, database: .live))
    #expect(first == copy)
    #expect(first != second)
  }

  @Test func requiredResolvesOutsideUICode() {
    withDependencies {
      $0.install(Example.AppDependency(apiClient: .preview, database: .preview))
    } operation: {
      @Dependency(Example.AppDependency.self) var app
      let favourite = app.resolve {
        $0.database.favourites()
      } fallback: {
        []
      }
      #expect(favourite == [1])
    }
  }

  @Test func aScopeInstallsTheAggregateForItsSubtreeOnly() {
    let root = DependencyScope()
    let subtree = root.installing(Example.AppDependency(apiClient: .preview, database: .preview))

    guard case .detail(let model) = Example.detailScreen(for: Item(id: 1, name: "Kettle"), in: subtree) else {
      Issue.record("expected the detail screen")
      return
    }
    #expect(model.isFavourite)
    #expect(!root.values[Example.AppDependency.self].isInstalled)
  }
}
