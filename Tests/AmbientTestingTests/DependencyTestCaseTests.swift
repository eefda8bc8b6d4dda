import Ambient
import AmbientTesting
import XCTest

final class DependencyTestCaseTests: DependencyTestCase {
  private var numberInSetUp: Int?

  override func overrideDependencies(_ dependencies: inout DependencyValues) {
    dependencies.number = 42
    dependencies.greeting = "case"
  }

  override func setUp() {
    super.setUp()
    @Dependency(\.number) var number
    numberInSetUp = number
  }

  func testMethodSeesTheOverrides() {
    @Dependency(\.number) var number
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(number, 42)
    XCTAssertEqual(greeting, "case")
  }

  func testSetUpSeesTheOverrides() {
    XCTAssertEqual(numberInSetUp, 42)
  }

  func testAsyncMethodAndItsChildTasksSeeTheOverrides() async {
    await Task.yield()
    @Dependency(\.number) var number
    XCTAssertEqual(number, 42)
    async let fromChild = DependencyValues._current.number
    let childNumber = await fromChild
    XCTAssertEqual(childNumber, 42)
  }

  func testWithDependenciesChangesThemFurther() {
    withDependencies {
      $0.number += 1
    } operation: {
      @Dependency(\.number) var number
      XCTAssertEqual(number, 43)
    }
  }

  func testDefaultsOfOneMethodAreFresh() { assertFreshTallyThenChangeIt() }
  func testDefaultsOfAnotherMethodAreFresh() { assertFreshTallyThenChangeIt() }
}

/// The pattern documented for test cases that cannot inherit from `DependencyTestCase`.
final class InvokeTestPatternTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.number = 7
    } operation: {
      super.invokeTest()
    }
  }

  func testMethodSeesTheOverride() {
    @Dependency(\.number) var number
    XCTAssertEqual(number, 7)
  }

  func testAsyncMethodSeesTheOverride() async {
    await Task.yield()
    @Dependency(\.number) var number
    XCTAssertEqual(number, 7)
  }
}

private func assertFreshTallyThenChangeIt(file: StaticString = #filePath, line: UInt = #line) {
  @Dependency(\.tally) var tally
  XCTAssertEqual(tally.count, 0, "the tally was changed by another test", file: file, line: line)
  tally.increment()
}
