import Testing

@testable import Ambient

/// What the `#Preview` traits rely on: each preview derives its values once, in its own scope,
/// and nothing reaches another preview or the process.
@MainActor @Suite struct PreviewDependenciesTests {
  private let canvas = DependencyScope()

  @Test func theChangeRunsOncePerPreviewHoweverOftenItsBodyIsEvaluated() {
    let runs = CallCounter()
    let trait = PreviewDependencies {
      runs.record()
      $0.greeting.text = "preview"
    }
    let derivation = ScopeDerivation()

    let first = trait.scope(over: canvas, in: derivation)
    let second = trait.scope(over: canvas, in: derivation)

    #expect(first == second)
    #expect(runs.value == 1)
    #expect(first.withValues { GreetingModel() }.greeting.text == "preview")
  }

  @Test func twoPreviewsWithTheSameTraitEachGetTheirOwnInstallation() {
    let trait = PreviewDependencies.installing(AppAggregate.named("preview"))

    let one = trait.scope(over: canvas, in: ScopeDerivation())
    let other = trait.scope(over: canvas, in: ScopeDerivation())

    #expect(one.values.appAggregate.isInstalled)
    #expect(other.values.appAggregate.isInstalled)
    #expect(one.values.appAggregate != other.values.appAggregate)
  }

  @Test func anInstalledAggregateKeepsItsIdentityAcrossEvaluations() {
    let trait = PreviewDependencies.installing(AppAggregate.named("preview"))
    let derivation = ScopeDerivation()

    let first = trait.scope(over: canvas, in: derivation)
    let second = trait.scope(over: canvas, in: derivation)

    #expect(first.values.appAggregate == second.values.appAggregate)
  }

  @Test func aPreviewsValuesReachNeitherAnotherPreviewNorTheProcess() {
    let set = PreviewDependencies.setting(\.greeting, Greeting(text: "first preview"))
    let plain = PreviewDependencies { _ in }

    let first = set.scope(over: canvas, in: ScopeDerivation())
    let second = plain.scope(over: canvas, in: ScopeDerivation())

    #expect(first.withValues { GreetingModel() }.greeting.text == "first preview")
    #expect(second.withValues { GreetingModel() }.greeting.text == "test")
    #expect(DependencyValues.current.greeting.text == "test")
    #expect(canvas.values.greeting.text == "test")
  }

  @Test func eachPreviewBuildsItsOwnDefaultValuesOnce() {
    let trait = PreviewDependencies { _ in }
    let derivation = ScopeDerivation()

    let first = trait.scope(over: canvas, in: derivation).withValues { DependencyValues._current[PerPreviewKey.self] }
    let again = trait.scope(over: canvas, in: derivation).withValues { DependencyValues._current[PerPreviewKey.self] }
    let other = trait.scope(over: canvas, in: ScopeDerivation()).withValues {
      DependencyValues._current[PerPreviewKey.self]
    }

    #expect(first === again, "one preview, evaluated twice, reads one default value")
    #expect(first !== other, "another preview builds its own")
    #expect(DependencyValues._current[PerPreviewKey.self] !== first, "the process keeps its own")
  }

  @Test func traitsComposeInnerOverOuter() {
    let outer = PreviewDependencies.setting(Greeting(text: "outer"))
    let inner = PreviewDependencies.installing(AppAggregate.named("inner"))

    let outerScope = outer.scope(over: canvas, in: ScopeDerivation())
    let innerScope = inner.scope(over: outerScope, in: ScopeDerivation())

    #expect(innerScope.values.greeting.text == "outer")
    #expect(innerScope.values.appAggregate.installedValue?.apiClient.name == "inner API")
  }
}

/// A default value with an identity, to tell whose default a preview read.
private enum PerPreviewKey: TestDependencyKey {
  final class Value: Sendable {}
  static var testValue: Value { Value() }
}
