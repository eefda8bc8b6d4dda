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

  @Test func aNewIDBuildsTheModelAgainAndTheSameIDKeepsIt() {
    // A split view's detail column: the same provider, handed another item.
    let provided = ProvidedModel<AppAggregate>()
    let builds = CallCounter()
    func evaluate(showing item: String) -> (item: String, model: GreetingModel)? {
      provided.model(from: scope.required(AppAggregate.self), in: scope, id: item) { _ in
        builds.record()
        return (item, GreetingModel())
      }
    }

    let first = evaluate(showing: "desk")
    let again = evaluate(showing: "desk")
    let second = evaluate(showing: "lamp")
    let back = evaluate(showing: "desk")

    #expect(first?.item == "desk")
    #expect(first?.model === again?.model)
    #expect(second?.item == "lamp")
    #expect(second?.model !== first?.model)
    #expect(second?.model.greeting.text == "subtree")
    #expect(back?.item == "desk")
    #expect(back?.model !== first?.model)
    #expect(builds.value == 3)
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
