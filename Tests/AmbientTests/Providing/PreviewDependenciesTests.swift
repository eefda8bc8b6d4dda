import Testing

@testable import Ambient

/// What the `#Preview` traits rely on, in the order Xcode runs a preview: it builds the traits
/// (step 1), calls the preview's closure, where the preview's model is made (step 2), then
/// computes the traits' modifier bodies (step 3). Each test is a canvas of its own and runs on
/// its test's own default values, as each preview does in its process.
@MainActor @Suite struct PreviewDependenciesTests {
  private let canvas = PreviewCanvas()

  @Test func aModelMadeInThePreviewClosureReadsTheTraitsValues() {
    let trait = PreviewDependencies({ $0.greeting.text = "preview" }, canvas: canvas)  // 1
    let model = GreetingModel()  // 2: `#Preview(traits: …) { FeatureView(model: FeatureModel()) }`
    trait.rendered()  // 3

    #expect(model.greeting.text == "preview")
    #expect(DependencyScope().withValues { GreetingModel() }.greeting.text == "preview", "and the tree's models")
  }

  @Test func theClosuresModelAndTheTreeShareTheDefaultValues() {
    let trait = PreviewDependencies({ _ in }, canvas: canvas)
    let inClosure = DependencyValues._current[PerPreviewKey.self]
    trait.rendered()
    let inTree = DependencyScope().withValues { DependencyValues._current[PerPreviewKey.self] }

    #expect(inClosure === inTree, "one store for the preview, not one for its closure and one for its views")
  }

  @Test func theChangeRunsOnceHoweverOftenTheBodyIsEvaluated() {
    let runs = CallCounter()
    let trait = PreviewDependencies({ _ in runs.record() }, canvas: canvas)

    trait.rendered()
    trait.rendered()

    #expect(runs.value == 1)
  }

  @Test func eachPreviewStartsFromFreshDefaultValues() {
    let first = PreviewDependencies({ _ in }, canvas: canvas)
    let firstDefault = DependencyValues._current[PerPreviewKey.self]
    first.rendered()
    #expect(DependencyValues._current[PerPreviewKey.self] === firstDefault, "one preview reads one default")

    let second = PreviewDependencies({ _ in }, canvas: canvas)
    let secondDefault = DependencyValues._current[PerPreviewKey.self]
    second.rendered()

    #expect(secondDefault !== firstDefault, "the next preview builds its own")
  }

  @Test func aPreviewsValuesDoNotReachTheNextPreview() {
    let first = PreviewDependencies.setting(\.greeting, Greeting(text: "first preview"), canvas: canvas)
    let firstModel = GreetingModel()
    first.rendered()
    #expect(firstModel.greeting.text == "first preview")
    #expect(!DependencyValues.current.appAggregate.isInstalled)

    let second = PreviewDependencies.installing(AppAggregate.named("second"), canvas: canvas)
    let secondModel = GreetingModel()
    second.rendered()

    #expect(secondModel.greeting.text == "test")
    #expect(DependencyValues.current.appAggregate.isInstalled)
  }

  @Test func thePreviewsTraitsAddUp() {
    // `#Preview(traits: .dependency(Greeting(…)), .dependency(AppAggregate(…))) { … }`
    let greeting = PreviewDependencies.setting(Greeting(text: "outer"), canvas: canvas)
    let aggregate = PreviewDependencies.installing(AppAggregate.named("inner"), canvas: canvas)
    let model = GreetingModel()
    greeting.rendered()
    aggregate.rendered()

    #expect(model.greeting.text == "outer")
    #expect(DependencyValues.current.appAggregate.installedValue?.apiClient.name == "inner API")
  }

  @Test func anInstalledAggregateReachesTheProviderBelowThePreview() {
    let trait = PreviewDependencies.installing(AppAggregate.named("preview"), canvas: canvas)
    trait.rendered()
    let tree = DependencyScope()

    let first = tree.required(AppAggregate.self)
    let again = tree.required(AppAggregate.self)

    #expect(first.installedValue?.database.name == "preview database")
    #expect(first == again, "the same installation at every evaluation")
  }
}

/// A default value with an identity, to tell whose default a preview read.
private enum PerPreviewKey: TestDependencyKey {
  final class Value: Sendable {}
  static var testValue: Value { Value() }
}
