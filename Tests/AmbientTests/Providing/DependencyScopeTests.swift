import Ambient
import Testing

@Suite struct DependencyScopeTests {
  @Test func aSubtreeScopeLeavesItsParentUnchanged() {
    let root = DependencyScope().updating(\.greeting, Greeting(text: "root"))
    let subtree = root.updating(\.greeting, Greeting(text: "subtree"))

    #expect(root.values.greeting.text == "root")
    #expect(subtree.values.greeting.text == "subtree")
  }

  @Test func modelsCreatedInsideTheScopeCaptureItsValues() {
    let scope = DependencyScope().updating { $0.greeting.text = "scoped" }

    let model = scope.withValues { GreetingModel() }

    #expect(model.greeting.text == "scoped")
    @Dependency(\.greeting) var outside
    #expect(outside.text == "test")
  }

  @Test func theScopesValuesWinOverTheCurrentOnes() {
    let scope = DependencyScope().updating(\.greeting, Greeting(text: "scoped"))

    let text = withDependencies {
      $0.greeting.text = "current"
    } operation: {
      scope.withValues {
        @Dependency(\.greeting) var greeting
        return greeting.text
      }
    }

    #expect(text == "scoped")
  }

  @Test func valuesTheScopeDoesNotOverrideComeFromTheCurrentScope() {
    let scope = DependencyScope().installing(AppAggregate.named("scoped"))

    let text = withDependencies {
      $0.greeting.text = "current"
    } operation: {
      scope.withValues { GreetingModel().greeting.text }
    }

    #expect(text == "current")
  }

  @Test func aTypeThatIsItsOwnKeyIsSetByValue() {
    let scope = DependencyScope().updating(Greeting(text: "by value"))

    #expect(scope.values[Greeting.self].text == "by value")
  }

  @Test func anAggregateIsInstalledByValue() {
    let scope = DependencyScope().installing(AppAggregate.named("scoped"))

    #expect(scope.values.appAggregate.installedValue?.database.name == "scoped database")
  }

  @Test func copiesAreEqualAndEveryChangeMakesANewIdentity() {
    let root = DependencyScope()
    let copy = root
    let changed = root.updating(\.greeting, Greeting(text: "changed"))
    let changedAgain = root.updating(\.greeting, Greeting(text: "changed"))

    #expect(root == copy)
    #expect(root == DependencyScope())
    #expect(changed != root)
    #expect(changed != changedAgain)
    #expect(changed.updating { _ in } == changed)
  }

  // Each #Preview builds its own scope from the same starting point; nothing one sets is seen
  // by another, by the file's root scope, or by the process's defaults afterwards.
  @Test func eachPreviewGetsItsOwnValuesWithoutLeaking() {
    let file = DependencyScope().updating { $0.context = .preview }
    let first = file.updating { $0.greeting.text = "first preview" }
    let second = file.updating { $0.install(AppAggregate.named("second preview")) }

    let firstModel = first.withValues { GreetingModel() }
    let secondModel = second.withValues { GreetingModel() }
    let secondAggregate = second.provide(AppAggregate.self, { $0.apiClient.name }, fallback: { _ in "none" })

    #expect(firstModel.greeting.text == "first preview")
    #expect(secondModel.greeting.text == "live")
    #expect(secondAggregate == "second preview API")
    #expect(!first.values.appAggregate.isInstalled)
    #expect(!file.values.appAggregate.isInstalled)
    @Dependency(\.greeting) var afterwards
    #expect(afterwards.text == "test")
  }

  // What AmbientUI's @ViewDependency does at each read: a dependency declared (and captured)
  // where the view was initialised, read inside the scope of the view's part of the tree.
  @Test func aReadInsideAScopeSeesTheScopeOverWhatWasCaptured() {
    let captured = withDependencies {
      $0.greeting.text = "captured"
    } operation: {
      Dependency(\.greeting)
    }
    let tree = DependencyScope().updating(\.greeting, Greeting(text: "tree"))

    #expect(tree.withValues { captured.wrappedValue.text } == "tree")
    #expect(DependencyScope().withValues { captured.wrappedValue.text } == "captured")
  }
}
