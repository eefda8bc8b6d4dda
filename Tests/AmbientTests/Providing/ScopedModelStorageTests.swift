import Testing

@testable import Ambient

/// What `@ScopedModel` relies on: a model kept in view state is built on first access with the
/// subtree's values, not where SwiftUI installs the view, and kept from then on.
@MainActor @Suite struct ScopedModelStorageTests {
  private let subtree = DependencyScope().updating(\.greeting, Greeting(text: "subtree"))

  @Test func theModelCapturesTheSubtreesValuesNotTheProcesss() {
    let storage = ScopedModelStorage<GreetingModel>()

    let model = storage.model(in: subtree) { GreetingModel() }

    #expect(model.greeting.text == "subtree")
    // The trap it replaces: a model built where the view is declared sees the process's values.
    #expect(GreetingModel().greeting.text == "test")
  }

  @Test func nothingIsBuiltBeforeTheFirstAccess() {
    let storage = ScopedModelStorage<GreetingModel>()
    #expect(!storage.isBuilt)

    _ = storage.model(in: subtree) { GreetingModel() }

    #expect(storage.isBuilt)
  }

  @Test func laterAccessesKeepTheModelAndReportItBuiltOnce() {
    let storage = ScopedModelStorage<GreetingModel>()
    let builds = CallCounter()
    let announced = CallCounter()
    func access(in scope: DependencyScope) -> GreetingModel {
      storage.model(in: scope) {
        builds.record()
        return GreetingModel()
      } built: { _ in
        announced.record()
      }
    }

    let first = access(in: subtree)
    let second = access(in: subtree.updating(\.greeting, Greeting(text: "changed above")))

    #expect(first === second)
    #expect(second.greeting.text == "subtree")
    #expect(builds.value == 1)
    #expect(announced.value == 1)
  }
}
