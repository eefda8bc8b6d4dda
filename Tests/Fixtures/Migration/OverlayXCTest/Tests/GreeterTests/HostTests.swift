import Dependencies
import Greeter
import XCTest

final class HostTests: XCTestCase {
  func testWelcomesEveryGuest() {
    let host = withDependencies {
      $0.greeting = greeting(expecting: ["Ann", "Bo"])
    } operation: {
      Host()
    }
    XCTAssertEqual(host.welcome(["Ann", "Bo"]), ["Hi Ann", "Hi Bo"])
  }

  func testIsARehearsalInTests() {
    XCTAssertTrue(Host().isRehearsal)
  }

}
