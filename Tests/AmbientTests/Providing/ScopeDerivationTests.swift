import Testing

@testable import Ambient

/// What a view modifier or `WithDependencies` relies on across body evaluations: the derived
/// scope keeps its identity while its parent and inputs are unchanged, and changes as soon as
/// either does.
@MainActor @Suite struct ScopeDerivationTests {
  private static let mock = Greeting(text: "mock")
  private let root = DependencyScope().updating(\.greeting, Greeting(text: "root"))

  /// As `.dependency(\.greeting, value)` derives it on one body evaluation.
  private func derive(
    _ derivation: ScopeDerivation, over parent: DependencyScope, _ value: Greeting, updates: CallCounter? = nil
  ) -> DependencyScope {
    let keyPath = \DependencyValues.greeting
    return derivation.scope(over: parent, inputs: keyPath, value) {
      updates?.record()
      $0[keyPath: keyPath] = value
    }
  }

  @Test func reEvaluatingWithTheSameParentAndInputsKeepsTheScope() {
    let derivation = ScopeDerivation()
    let updates = CallCounter()

    let first = derive(derivation, over: root, Greeting(text: "subtree"), updates: updates)
    let second = derive(derivation, over: root, Greeting(text: "subtree"), updates: updates)

    #expect(first == second)
    #expect(updates.value == 1)
    #expect(second.values.greeting.text == "subtree")
  }

  @Test func aChangedInputDerivesANewScopeWithTheNewValue() {
    let derivation = ScopeDerivation()

    let first = derive(derivation, over: root, Greeting(text: "before"))
    let second = derive(derivation, over: root, Greeting(text: "after"))
    let third = derive(derivation, over: root, Greeting(text: "after"))

    #expect(first != second)
    #expect(second.values.greeting.text == "after")
    #expect(second == third)
  }

  @Test func aChangedParentDerivesANewScopeOverIt() {
    let derivation = ScopeDerivation()
    let otherParent = root.updating { $0.install(AppAggregate.named("other")) }

    let first = derive(derivation, over: root, Self.mock)
    let second = derive(derivation, over: otherParent, Self.mock)

    #expect(first != second)
    #expect(second.values.appAggregate.isInstalled)
    #expect(!first.values.appAggregate.isInstalled)
  }

  @Test func anInstalledAggregateHeldInAPropertyKeepsItsInstallation() {
    let derivation = ScopeDerivation()
    let app = AppAggregate.named("app")  // as an App struct's `let` property holds it
    let install = { (value: AppAggregate) in
      derivation.scope(over: DependencyScope(), inputs: value, ()) { $0.install(value) }
    }

    let first = install(app)
    let second = install(app)
    let rebuilt = install(AppAggregate.named("app"))

    #expect(first == second)
    #expect(first.values.appAggregate == second.values.appAggregate)
    // Equal contents, but new strings: not provably the same, so it is installed again.
    #expect(rebuilt.values.appAggregate.installedValue?.apiClient.name == "app API")
  }

  @Test func aClosureLiteralThatCapturesNothingIsTheSameOnEveryEvaluation() {
    let derivation = ScopeDerivation()
    // What `.dependencies { $0.greeting.text = "closure" }` stores on each evaluation.
    func evaluate() -> DependencyScope {
      derivation.scope(over: root, update: ScopeUpdate { $0.greeting.text = "closure" })
    }

    let first = evaluate()
    let second = evaluate()

    #expect(first == second)
    #expect(first.values.greeting.text == "closure")
  }

  @Test func aClosureThatCapturesAValueIsDerivedAgainEachTime() {
    let derivation = ScopeDerivation()
    func evaluate(_ text: String) -> DependencyScope {
      derivation.scope(over: root, update: ScopeUpdate { $0.greeting.text = text })
    }

    let first = evaluate("one")
    let second = evaluate("two")

    #expect(first != second)
    #expect(second.values.greeting.text == "two")
  }

  @Test func inputsCompareByEqualityWhenEquatableAndOtherwiseByIdentity() {
    final class Client {}
    struct Clients { let main: Client }
    let client = Client()

    #expect(isSameInput(Greeting(text: "a"), Greeting(text: "a")))
    #expect(!isSameInput(Greeting(text: "a"), Greeting(text: "b")))
    #expect(isSameInput(\DependencyValues.greeting, \DependencyValues.greeting))
    #expect(isSameInput(Clients(main: client), Clients(main: client)))
    #expect(!isSameInput(Clients(main: client), Clients(main: Client())))
    #expect(isSameInput((), ()))
  }
}
