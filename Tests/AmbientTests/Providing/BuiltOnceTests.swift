import Testing

@testable import Ambient

@MainActor @Suite struct BuiltOnceTests {
  @Test func theFirstValueIsKeptForEveryLaterEvaluation() {
    let slot = BuiltOnce()
    let builds = CallCounter()
    func evaluate() -> GreetingModel {
      slot.value {
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
    let slot = BuiltOnce()
    let scope = DependencyScope().updating { $0.greeting.text = "preview" }

    let model = scope.withValues { slot.value { GreetingModel() } }
    let again = DependencyScope().withValues { slot.value { GreetingModel() } }

    #expect(model === again)
    #expect(again.greeting.text == "preview")
  }
}
