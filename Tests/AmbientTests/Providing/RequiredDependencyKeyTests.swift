import Ambient
import Testing

@Suite struct RequiredDependencyKeyTests {
  @Test func anInstalledAggregateIsHandedOverNonOptionally() {
    withDependencies {
      $0.install(AppAggregate.named("mock"))
    } operation: {
      @Dependency(AppAggregate.self) var app
      let database: NamedClient = app.resolve {
        $0.database
      } fallback: {
        NamedClient(name: "none")
      }
      #expect(database.name == "mock database")
    }
  }

  @Test func theKeyPathAccessorReadsTheSameInstallation() {
    withDependencies {
      $0.install(AppAggregate.named("mock"))
    } operation: {
      @Dependency(\.appAggregate) var byKeyPath
      @Dependency(AppAggregate.self) var byType
      #expect(byKeyPath == byType)
      #expect(byKeyPath.installedValue?.apiClient.name == "mock API")
    }
  }

  @Test func preparingAtTheRootInstallsItForEveryScope() {
    prepareDependencies { $0.install(AppAggregate.named("root")) }

    let model = withDependencies {
      $0.greeting.text = "nested"
    } operation: {
      @Dependency(AppAggregate.self) var app
      return app.resolve {
        $0.apiClient.name
      } fallback: {
        "none"
      }
    }

    #expect(model == "root API")
  }

  // A test that read an ordinary DependencyKey without a test value would fail here; a required
  // key reports only when resolved, and never builds anything in its place.
  @Test func readingAMissingKeyReportsNothingUntilItIsResolved() {
    @Dependency(AppAggregate.self) var app
    #expect(!app.isInstalled)
  }

  @Test(arguments: DependencyContext.allCases)
  func aMissingKeyTakesTheFallbackInEveryContext(context: DependencyContext) {
    let fallbackCalls = CallCounter()
    withDependencies {
      $0.context = context
    } operation: {
      @Dependency(AppAggregate.self) var app
      withKnownIssue {
        let name = app.resolve(
          { $0.apiClient.name },
          fallback: {
            fallbackCalls.record()
            return "fallback"
          })
        #expect(name == "fallback")
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix(
          "AppAggregate is not set: it was asked for in the \(context.rawValue) context"
        ) == true
      }
    }
    #expect(fallbackCalls.value == 1)
  }
}
