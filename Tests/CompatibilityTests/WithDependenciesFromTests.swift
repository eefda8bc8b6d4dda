import Ambient
import Testing
import XCTest

// `withDependencies(from:)` gives a child, from strongest to weakest,
// its own changes, the overrides in scope at the call, what the parent captured, the defaults;
// and a parent may be any object a `withDependencies` operation returned.

extension DependencyValues {
  fileprivate var first: String {
    get { self[FirstLevel.self] }
    set { self[FirstLevel.self] = newValue }
  }
  fileprivate var second: String {
    get { self[SecondLevel.self] }
    set { self[SecondLevel.self] = newValue }
  }
  fileprivate var third: String {
    get { self[ThirdLevel.self] }
    set { self[ThirdLevel.self] = newValue }
  }
  fileprivate var fourth: String {
    get { self[FourthLevel.self] }
    set { self[FourthLevel.self] = newValue }
  }
}

private enum FirstLevel: TestDependencyKey { static let testValue = "default" }
private enum SecondLevel: TestDependencyKey { static let testValue = "default" }
private enum ThirdLevel: TestDependencyKey { static let testValue = "default" }
private enum FourthLevel: TestDependencyKey { static let testValue = "default" }

/// A model in a chain: it reads all four levels and creates the next model the documented way.
/// Its wrappers are never reassigned, so it can cross tasks.
private final class Screen: @unchecked Sendable {
  // @unchecked: the wrappers' storage is a `var` only to the compiler; nothing writes it.
  @Dependency(\.first) var first
  @Dependency(\.second) var second
  @Dependency(\.third) var third
  @Dependency(\.fourth) var fourth

  var levels: [String] { [first, second, third, fourth] }

  func makeChild() -> Screen {
    withDependencies(from: self) { Screen() }
  }

  func makeChild(settingFourth fourth: String) -> Screen {
    withDependencies(from: self) {
      $0.fourth = fourth
    } operation: {
      Screen()
    }
  }

  func makeChild(settingFourth fourth: String) async -> Screen {
    await withDependencies(from: self) {
      await Task.yield()
      $0.fourth = fourth
    } operation: {
      await Task.yield()
      return Screen()
    }
  }
}

/// An object with no `@Dependency` property: a coordinator that only creates screens.
private final class Coordinator: Sendable {
  func makeScreen() -> Screen {
    withDependencies(from: self) { Screen() }
  }

  func makeCoordinator() -> Coordinator {
    withDependencies(from: self) { Coordinator() }
  }
}

/// Runs `operation` in a `withDependencies` scope that sets the levels given, leaving the others
/// as the caller's scope has them: the scope every test here creates its parents and children in.
private func withLevels<R>(
  first: String? = nil, second: String? = nil, third: String? = nil, fourth: String? = nil,
  _ operation: () -> R
) -> R {
  withDependencies {
    $0.setLevels(first: first, second: second, third: third, fourth: fourth)
  } operation: {
    operation()
  }
}

/// The asynchronous form of ``withLevels(first:second:third:fourth:_:)``.
private func withLevels<R>(
  first: String? = nil, second: String? = nil, third: String? = nil, fourth: String? = nil,
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async -> R
) async -> R {
  await withDependencies {
    $0.setLevels(first: first, second: second, third: third, fourth: fourth)
  } operation: {
    await operation()
  }
}

extension DependencyValues {
  fileprivate mutating func setLevels(first: String?, second: String?, third: String?, fourth: String?) {
    if let first { self.first = first }
    if let second { self.second = second }
    if let third { self.third = third }
    if let fourth { self.fourth = fourth }
  }
}

@Suite struct WithDependenciesFromCompatibilityTests {
  // MARK: Item 1: precedence

  @Test func theCallersScopeWinsOverWhatTheParentCaptured() {
    let parent = withLevels(first: "parent", second: "parent") { Screen() }

    let child = withLevels(first: "caller") { parent.makeChild() }

    #expect(child.levels == ["caller", "parent", "default", "default"])
  }

  @Test func theUpdateClosureWinsOverTheCallersScope() {
    let parent = withLevels(first: "parent") { Screen() }

    let child = withLevels(fourth: "caller") { parent.makeChild(settingFourth: "closure") }

    #expect(child.levels == ["parent", "default", "default", "closure"])
  }

  @Test func aPlainOverrideAroundAModelAndAroundItsChildAgree() {
    let parent = withLevels(first: "parent") { Screen() }

    let (read, child) = withLevels(first: "9000") { (parent.first, parent.makeChild()) }

    #expect(read == "9000")
    #expect(child.first == "9000")
    #expect(parent.first == "parent")
  }

  @Test func aChainOfFourKeepsEveryLevelsOverrides() {
    let root = withLevels(first: "root") { Screen() }
    let child = withLevels(second: "child") { root.makeChild() }
    let grandchild = withLevels(third: "grandchild") { child.makeChild(settingFourth: "grandchild") }
    let greatGrandchild = grandchild.makeChild()
    let overridden = withLevels(first: "test") { grandchild.makeChild() }

    #expect(greatGrandchild.levels == ["root", "child", "grandchild", "grandchild"])
    #expect(overridden.levels == ["test", "child", "grandchild", "grandchild"])
  }

  @Test(.timeLimit(.minutes(1)))
  func anAsyncChainOfFourKeepsEveryLevelsOverrides() async {
    let root = await withDependencies {
      await Task.yield()
      $0.first = "root"
    } operation: {
      Screen()
    }
    let child = await withLevels(second: "child") { await root.makeChild(settingFourth: "child") }
    let grandchild = await withDependencies {
      await Task.yield()
      $0.third = "grandchild"
    } operation: {
      await child.makeChild(settingFourth: "grandchild")
    }
    let greatGrandchild = await Task { await grandchild.makeChild(settingFourth: "great") }.value
    let overridden = await withLevels(second: "test") { await grandchild.makeChild(settingFourth: "great") }

    #expect(greatGrandchild.levels == ["root", "child", "grandchild", "great"])
    #expect(overridden.levels == ["root", "test", "grandchild", "great"])
  }

  // MARK: Item 2: parents without @Dependency properties

  @Test func anObjectReturnedByAnOperationIsAParent() {
    let coordinator = withLevels(first: "coordinator") { Coordinator() }

    let screen = coordinator.makeScreen()

    #expect(screen.levels == ["coordinator", "default", "default", "default"])
  }

  @Test func anObjectReturnedByAFromOperationIsAParentToo() {
    let coordinator = withLevels(first: "coordinator") { Coordinator() }
    let nested = withLevels(second: "nested") { coordinator.makeCoordinator() }

    let screen = nested.makeScreen()

    #expect(screen.levels == ["coordinator", "nested", "default", "default"])
  }

  @Test func returningAnObjectAgainFromAnotherScopeKeepsTheScopeItWasCreatedIn() {
    let coordinator = withLevels(first: "created") { Coordinator() }
    let returnedAgain = withLevels(second: "elsewhere") { coordinator }

    let screen = returnedAgain.makeScreen()

    #expect(screen.levels == ["created", "default", "default", "default"])
  }

  @Test(.timeLimit(.minutes(1)))
  func anObjectReturnedByAnAsyncOperationIsAParent() async {
    let coordinator = await withDependencies {
      await Task.yield()
      $0.first = "async"
    } operation: {
      await Task.yield()
      return Coordinator()
    }

    let screen = await withDependencies(from: coordinator) {
      await Task.yield()
      return Screen()
    }

    #expect(screen.levels == ["async", "default", "default", "default"])
  }

  @Test func rememberingAnObjectsScopeDoesNotKeepItAlive() {
    weak var weakCoordinator: Coordinator?
    do {
      let coordinator = withLevels(first: "coordinator") { Coordinator() }
      weakCoordinator = coordinator
      #expect(weakCoordinator != nil)
    }
    #expect(weakCoordinator == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func manyObjectsCreatedAtOnceEachKeepTheirOwnScope() async {
    let screens = await withTaskGroup(of: (Int, Screen).self) { group in
      for index in 0..<100 {
        group.addTask {
          let coordinator = withLevels(first: "\(index)") { Coordinator() }
          return (index, coordinator.makeScreen())
        }
      }
      var screens: [(Int, Screen)] = []
      for await screen in group { screens.append(screen) }
      return screens
    }

    #expect(screens.count == 100)
    for (index, screen) in screens { #expect(screen.first == "\(index)") }
  }
}

final class WithDependenciesFromCompatibilityXCTests: XCTestCase {
  func testTheCallersScopeWinsOverWhatTheParentCaptured() {
    let parent = withLevels(first: "parent", second: "parent") { Screen() }

    let child = withLevels(first: "caller") { parent.makeChild() }

    XCTAssertEqual(child.levels, ["caller", "parent", "default", "default"])
  }

  func testAChainOfFourKeepsEveryLevelsOverrides() async {
    let root = withLevels(first: "root") { Screen() }
    let child = withLevels(second: "child") { root.makeChild() }
    let grandchild = await withLevels(third: "grandchild") { await child.makeChild(settingFourth: "grandchild") }

    XCTAssertEqual(grandchild.makeChild().levels, ["root", "child", "grandchild", "grandchild"])
  }

  func testAnObjectReturnedByAnOperationIsAParent() {
    let coordinator = withLevels(first: "coordinator") { Coordinator() }

    XCTAssertEqual(coordinator.makeScreen().levels, ["coordinator", "default", "default", "default"])
  }
}
