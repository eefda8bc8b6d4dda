import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing

@Suite(.dependency(\.greeting, "suite"), .dependency(\.number, 1))
struct DependenciesTraitTests {
  @Dependency(\.greeting) var greeting
  @Dependency(\.number) var number
  @Dependency(\.theme) var theme
  /// Read while the suite is created, which happens inside the traits' scope.
  let numberAtSuiteInit = DependencyValues._current.number

  @Test func suiteTraitsApplyToItsTests() {
    #expect(greeting == "suite")
    #expect(number == 1)
  }

  @Test func suiteIsCreatedInsideTheTraits() {
    #expect(numberAtSuiteInit == 1)
  }

  @Test(.dependency(\.number, 2))
  func testTraitOverridesSuiteTrait() {
    #expect(number == 2)
    #expect(greeting == "suite")
  }

  @Test(.dependencies { $0.number += 10 })
  func testTraitAppliesAfterSuiteTraits() {
    #expect(number == 11)
  }

  @Test(.dependency(\.number, 2), .dependency(\.number, 3))
  func laterTraitOnOneTestWins() {
    #expect(number == 3)
  }

  @Test(.dependency(Theme(name: "dark")))
  func typeThatIsItsOwnKey() {
    @Dependency(Theme.self) var byKey
    #expect(byKey == Theme(name: "dark"))
    #expect(theme == Theme(name: "dark"))
  }

  @Test(.dependency(\.theme.name, "sepia"))
  func keyPathIntoPartOfADependency() {
    #expect(theme == Theme(name: "sepia"))
  }

  @Test(.dependency(\.greeter.greet, { "Hi, \($0)!" }))
  func closureLiteralOverridingOneEndpoint() {
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet("Ada") == "Hi, Ada!")
  }

  @Test(
    .dependencies {
      $0.number = await Self.numberFromElsewhere()
      $0.greeting = try Self.greeting(from: "async")
    })
  func asyncThrowingClosure() {
    #expect(number == 7)
    #expect(greeting == "async")
  }

  @Test(.dependency(\.tally, Tally()))
  func valueIsBuiltForEachTest() {
    #expect(DependencyValues._current.tally.count == 0)
    DependencyValues._current.tally.increment()
  }

  @Test(.dependency(\.tally, Tally()))
  func valueIsBuiltForEachTestToo() {
    #expect(DependencyValues._current.tally.count == 0)
    DependencyValues._current.tally.increment()
  }

  @Test(oneMinuteLimit) func throwingClosureFailsTheTestBeforeItsBodyRuns() async throws {
    let trait: _DependenciesTrait = .dependencies { _ in throw Boom() }
    let bodyRan = LockIsolated(false)
    let test = try #require(Test.current)
    await #expect(throws: Boom.self) {
      try await trait.provideScope(for: test, testCase: Test.Case.current) { bodyRan.setValue(true) }
    }
    #expect(!bodyRan.value)
  }

  @Suite(.dependency(\.greeting, "nested"))
  struct NestedSuite {
    @Dependency(\.greeting) var greeting
    @Dependency(\.number) var number

    @Test func inheritsOuterSuiteAndOverridesIt() {
      #expect(greeting == "nested")
      #expect(number == 1)
    }
  }

  private static func numberFromElsewhere() async -> Int {
    await Task { 7 }.value
  }

  private static func greeting(from text: String) throws -> String {
    if text.isEmpty { throw Boom() }
    return text
  }
}

/// `.dependencies` on a base suite, with tests nested in an extension, as migrating code does.
@Suite(.dependencies)
struct BaseSuite {}

extension BaseSuite {
  @Suite struct NestedInExtension {
    @Test(.dependency(\.number, 5))
    func nestedTestsGetTheirOwnTraitsOnTop() {
      @Dependency(\.number) var number
      #expect(number == 5)
    }

    @Test(.dependencies { $0.tally.increment() })
    func valuesSetUpByATraitAreTheTestsOwn() {
      @Dependency(\.tally) var tally
      #expect(tally.count == 1)
    }
  }
}

@Suite struct FreshValuesTraitTests {
  @Test func withoutATraitOneTestKeepsOneSetOfDefaultValues() {
    @Dependency(\.tally) var first
    first.increment()
    @Dependency(\.tally) var second
    #expect(second.count == 1)
  }

  @Test(oneMinuteLimit) func dependenciesTraitStartsFromFreshValuesUnderOneTestIdentity() async throws {
    let test = try #require(Test.current)
    let trait = _FreshDependenciesTrait.dependencies
    // As Swift Testing runs a test under the trait: around the test, then around its case.
    for _ in 0..<2 {
      _ = trait.scopeProvider(for: test, testCase: nil)
      try await trait.provideScope(for: test, testCase: nil) {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
          @Dependency(\.tally) var tally
          #expect(tally.count == 0)
          tally.increment()
        }
      }
    }
  }
}
