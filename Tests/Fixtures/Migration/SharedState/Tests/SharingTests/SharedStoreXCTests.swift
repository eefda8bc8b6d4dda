import Dependencies
import Sharing
import XCTest

final class SharedStoreXCTests: XCTestCase {
  func testKeysStartAtZero() {
    @Dependency(\.sharedStore) var store
    XCTAssertEqual(store[SharedKey("unset")], 0)
  }

  #if canImport(ObjectiveC)  // XCTest has `XCTExpectFailure` on Apple platforms only.
  func testAWrongExpectationIsExpectedToFail() {
    XCTExpectFailure("The store starts every key at zero")
    @Dependency(\.sharedStore) var store
    XCTAssertEqual(store[SharedKey("unset")], 1)
  }
  #endif
}
