import Testing

@testable import Ambient

/// What `DependencyProvider(model:content:)` relies on: the destination's model is built once
/// from the installed aggregate, inside the subtree's scope, and again only for a new
/// installation.
@MainActor @Suite struct ProvidedModelTests {
  private let scope = DependencyScope()
    .installing(AppAggregate.named("app"))
    .updating(\.greeting, Greeting(text: "subtree"))

  @Test func theModelIsBuiltOnceHoweverOftenTheBodyIsEvaluated() {
    let provided = ProvidedModel<AppAggregate>()
    let builds = CallCounter()
    func evaluate() -> GreetingModel? {
      provided.model(from: scope.required(AppAggregate.self), in: scope) { _ in
        builds.record()
        return GreetingModel()
      }
    }

    let first = evaluate()
    let second = evaluate()

    #expect(first != nil)
    #expect(first === second)
    #expect(builds.value == 1)
  }

  @Test func theModelIsBuiltFromTheAggregateInsideTheSubtreesScope() {
    let provided = ProvidedModel<AppAggregate>()

    let built = provided.model(from: scope.required(AppAggregate.self), in: scope) { deps in
      (deps.database.name, GreetingModel())
    }

    #expect(built?.0 == "app database")
    #expect(built?.1.greeting.text == "subtree")
  }

  @Test func aNewInstallationBuildsTheModelAgainFromIt() {
    let provided = ProvidedModel<AppAggregate>()
    let other = scope.installing(AppAggregate.named("other"))
    func evaluate(_ scope: DependencyScope) -> String? {
      provided.model(from: scope.required(AppAggregate.self), in: scope) { $0.apiClient.name }
    }

    let first = evaluate(scope)
    let second = evaluate(other)
    let third = evaluate(other)

    #expect(first == "app API")
    #expect(second == "other API")
    #expect(third == "other API")
  }

  @Test func nothingInstalledBuildsNothing() {
    let provided = ProvidedModel<AppAggregate>()
    let builds = CallCounter()
    let empty = DependencyScope()

    let model = provided.model(from: empty.required(AppAggregate.self), in: empty) { _ in
      builds.record()
      return GreetingModel()
    }

    #expect(model == nil)
    #expect(builds.value == 0)
  }
}
