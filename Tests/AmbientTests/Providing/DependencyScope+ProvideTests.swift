import Ambient
import Testing

@Suite struct DependencyScopeProvideTests {
  private enum Screen: Equatable {
    case detail(String)
    case notSet(ProviderFallback)
  }

  @Test func anInstalledAggregateBuildsTheScreen() {
    let scope = DependencyScope().installing(AppAggregate.named("live"))

    let screen = scope.provide(AppAggregate.self) {
      Screen.detail($0.database.name)
    } fallback: {
      Screen.notSet($0)
    }

    #expect(screen == .detail("live database"))
  }

  @Test func theScreenIsBuiltWithTheScopesValues() {
    let scope = DependencyScope().updating {
      $0.install(AppAggregate.named("live"))
      $0.greeting.text = "subtree"
    }

    let model = scope.provide(AppAggregate.self, { _ in GreetingModel() }, fallback: { _ in GreetingModel() })

    #expect(model.greeting.text == "subtree")
  }

  @Test func anAggregateInstalledAtTheRootReachesAScopeThatOverridesNothing() {
    prepareDependencies { $0.install(AppAggregate.named("root")) }

    let screen = DependencyScope().provide(AppAggregate.self) {
      Screen.detail($0.apiClient.name)
    } fallback: {
      Screen.notSet($0)
    }

    #expect(screen == .detail("root API"))
  }

  @Test func aMissingAggregateIsReportedAndTheNotSetFallbackIsBuilt() {
    let scope = DependencyScope().updating { $0.context = .preview }
    let bodyCalls = CallCounter()

    withKnownIssue {
      let screen = scope.provide(
        AppAggregate.self,
        { _ in
          bodyCalls.record()
          return Screen.detail("detail")
        }, fallback: { Screen.notSet($0) }, fileID: "Items/ItemListView.swift", filePath: "/Items/ItemListView.swift",
        line: 7)
      #expect(screen == .notSet(ProviderFallback(missing: AppAggregate.self)))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("AppAggregate is not set: it was asked for in the preview context, but none was installed.")
        && text.contains("Asked for at: Items/ItemListView.swift:7")
    }
    #expect(bodyCalls.value == 0)
  }

  @Test func theNotSetFallbackSaysWhichTypeIsMissing() {
    withKnownIssue {
      let screen = DependencyScope().provide(AppAggregate.self, { _ in "" }, fallback: { $0.text })
      #expect(screen == "AppAggregate is not set.")
    }
  }
}
