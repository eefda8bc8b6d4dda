import Ambient
import Testing
import XCTest

@Suite struct IsTestingCompatibilityTests {
  @Test func isTrueUnderSwiftTesting() {
    #expect(isTesting)
  }

  @Test func doesNotFollowAForcedContext() {
    withDependencies {
      $0.context = .live
    } operation: {
      #expect(isTesting)
    }
  }
}

final class IsTestingCompatibilityXCTests: XCTestCase {
  func testIsTrueUnderXCTest() {
    XCTAssertTrue(isTesting)
  }
}
