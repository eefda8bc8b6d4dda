import Testing

@testable import Ambient

@MainActor @Suite struct BuiltOnceTests {
  @Test func theFirstValueIsKeptForEveryLaterEvaluation() {
    let once = BuiltOnce()
    let builds = CallCounter()
    func evaluate() -> GreetingModel {
      once.value {
        builds.record()
        return GreetingModel()
      }
    }

    let first = evaluate()
    let second = evaluate()

    #expect(first === second)
    #expect(builds.value == 1)
  }

  @Test func aModelBuiltInsideAScopeKeepsThatScopesValues() {
    let once = BuiltOnce()
    let scope = DependencyScope().updating { $0.greeting.text = "preview" }

    let model = scope.withValues { once.value { GreetingModel() } }
    let again = DependencyScope().withValues { once.value { GreetingModel() } }

    #expect(model === again)
    #expect(again.greeting.text == "preview")
  }
}
