import Ambient
import AmbientTesting
import XCTest

/// Each XCTest test method (with its `setUp`) starts from fresh default values, on Linux too:
/// `setUp` changes the tally once, so every method must see exactly one change at its start.
final class XCTestCaseTrackerTests: XCTestCase {
  override func setUp() {
    super.setUp()
    @Dependency(\.tally) var tally
    tally.increment()
  }

  func testFirst() { assertTallyCameFromSetUpOnly() }
  func testSecond() { assertTallyCameFromSetUpOnly() }
  func testThird() { assertTallyCameFromSetUpOnly() }

  func testAsyncMethod() async {
    await Task.yield()
    assertTallyCameFromSetUpOnly()
  }

  private func assertTallyCameFromSetUpOnly(file: StaticString = #filePath, line: UInt = #line) {
    @Dependency(\.tally) var tally
    XCTAssertEqual(tally.count, 1, "the tally was changed by another test", file: file, line: line)
    tally.increment()
    XCTAssertEqual(tally.count, 2, file: file, line: line)
  }
}
