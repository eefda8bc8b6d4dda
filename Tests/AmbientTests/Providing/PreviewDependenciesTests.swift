import AmbientTestSupport
import Testing

@testable import Ambient

/// What the `#Preview` traits do within one preview: the values they set, how several traits of
/// one preview add up, and what a preview without a trait reads. The orders Xcode may use are
/// `PreviewOrdersTests`'.
@MainActor @Suite struct PreviewDependenciesTests {
  private let canvas = PreviewCanvas()

  private func preview(_ line: UInt, _ traits: SimulatedTrait...) -> SimulatedPreview {
    SimulatedPreview(line: line, traits: traits, canvas: canvas)
  }

  @Test func theChangeRunsOnceHoweverOftenTheBodyIsEvaluated() {
    let runs = CallCounter()
    let trait = PreviewDependencies(
      { _ in runs.record() }, canvas: canvas, fileID: "F/F.swift", filePath: "/F.swift", line: 1, column: 1)
    let subtree = PreviewSubtree()

    let first = subtree.evaluate(trait, above: DependencyScope(), outer: nil)
    let again = subtree.evaluate(trait, above: DependencyScope(), outer: nil)

    #expect(runs.value == 1)
    #expect(first.scope == again.scope, "the same scope at every evaluation, so the views below are not invalidated")
  }

  @Test func theClosuresModelAndTheViewsShareTheObjectsTheTraitSets() {
    let trait = PreviewDependencies(
      { $0[SharedStoreKey.self] = SharedStoreKey.Value() }, canvas: canvas, fileID: "F/F.swift", filePath: "/F.swift",
      line: 1, column: 1)
    let inClosure = DependencyValues._current[SharedStoreKey.self]
    let tree = PreviewSubtree().evaluate(trait, above: DependencyScope(), outer: nil).scope

    #expect(tree.withValues { DependencyValues._current[SharedStoreKey.self] } === inClosure, "one store, not two")
  }

  @Test func thePreviewsTraitsAddUp() {
    // `#Preview(traits: .dependency(Greeting(…)), .dependency(AppAggregate(…))) { … }`
    let both = preview(10, .greeting("outer"), .aggregate("inner"))
    both.buildTraits()
    let model = GreetingModel()
    let rendered = both.render()

    #expect(rendered.greeting == "outer")
    #expect(rendered.aggregate == "inner API")
    #expect(model.greeting.text == "outer")
    #expect(DependencyValues._current.appAggregate.installedValue?.apiClient.name == "inner API")
    #expect(rendered.notice == nil)
  }

  @Test func anInstalledAggregateReachesTheProviderBelowThePreview() {
    let installing = preview(10, .aggregate("preview"))
    installing.buildTraits()
    let tree = installing.render().tree

    let first = tree.required(AppAggregate.self)
    let again = installing.render().tree.required(AppAggregate.self)

    #expect(first.installedValue?.database.name == "preview database")
    #expect(first == again, "the same installation at every evaluation")
  }

  @Test func aKeySetByTwoTraitsOfOnePreviewIsReportedAtThePreviewAndTheFirstIsKept() {
    // `#Preview(traits: .dependency(\.greeting, first), .dependency(\.greeting, second)) { … }` at line 40
    let twice = preview(40, .greeting("first"), .greeting("second"))
    twice.buildTraits()
    let model = GreetingModel()

    var rendered: RenderedPreview?
    withKnownIssue {
      rendered = twice.render()
      _ = twice.render()
    } matching: { issue in
      issue.sourceLocation?.fileID == "Feature/FeatureView.swift" && issue.sourceLocation?.line == 40
        && issue.comments.map(\.rawValue) == [
          """
          Two traits of the preview at Feature/FeatureView.swift:40 set Greeting; the first one's value is kept.

            Preview:    Feature/FeatureView.swift:40
            Dependency: Greeting

          Each trait of a preview changes its values once, and a dependency two of them set would depend on the order in which they are applied.

          To fix:
            • Set Greeting in one trait of the preview: .dependencies { … } changes several dependencies.
          """
        ]
    }

    #expect(rendered?.greeting == "first")
    #expect(model.greeting.text == "first", "the closure's model keeps the first too")
  }

  @Test func aRepeatedKeyIsReportedOnce() {
    let twice = preview(40, .greeting("first"), .greeting("second"))
    twice.buildTraits()

    let texts = recordedIssues {
      _ = twice.render()
      _ = twice.render()
    }

    #expect(texts.count == 1)
  }

  @Test func aPreviewWithoutATraitReadsTheProcesssValues() {
    // Before any preview with a trait: the process's own values (here the test's; in a preview
    // process the `previewValue`s).
    #expect(GreetingModel().greeting.text == "test")

    let withTrait = preview(10, .greeting("with a trait"))
    withTrait.buildTraits()
    #expect(GreetingModel().greeting.text == "with a trait", "after one: the values of the last one Xcode built")

    _ = withTrait.render()
    let other = preview(20, .greeting("other"))
    other.buildTraits()
    preview(30, .nothing).buildTraits()
    #expect(GreetingModel().greeting.text == "test", "while Xcode builds several before showing one: fresh values")
  }

  @Test func aContextSetByATraitReachesTheViewsBelowItOnly() {
    let live = PreviewDependencies(
      { $0.context = .live }, canvas: canvas, fileID: "Feature/FeatureView.swift", filePath: "/F.swift", line: 12,
      column: 1)
    let model = GreetingModel()
    let evaluation = PreviewSubtree().evaluate(live, above: DependencyScope(), outer: nil)

    #expect(evaluation.scope.withValues { GreetingModel() }.greeting.text == "live")
    #expect(model.greeting.text == "test")
    #expect(evaluation.notice?.text.contains("DependencyContext") == true)
  }

  @Test func aShownPreviewIsToldWhenAnotherTakesTheProcesssValues() {
    let shown = preview(10, .greeting("shown"))
    shown.buildTraits()
    _ = shown.render()
    let changes = CallCounter()
    let observation = canvas.observe { changes.record() }

    preview(20, .greeting("next")).buildTraits()

    #expect(changes.value == 1, "so its view draws the notice at once")
    #expect(shown.render().notice != nil)
    withExtendedLifetime(observation) {}
  }
}

/// A dependency whose value is an object: a store one preview fills.
private enum SharedStoreKey: TestDependencyKey {
  final class Value: Sendable {}
  static var testValue: Value { Value() }
}
