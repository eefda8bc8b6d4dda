import Ambient
import Foundation
import XCTest

/// Follows XCTest's test cases, so that each test method gets its own default dependency
/// values and failures are recorded against the test that is running.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
  // @unchecked: `running` and `token` are read and written only under `lock`.
  static let shared = XCTestCaseTracker()

  private let lock = Lock()
  private var running: XCTestCase?
  private var token: UInt = 0

  /// Starts observing; called once when the test bundle loads.
  func install() {
    XCTestObservationCenter.shared.addTestObserver(self)
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    let token = TestTokens.next()
    lock.withLock {
      running = testCase
      self.token = token
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    let ended = lock.withLock { () -> UInt? in
      guard running === testCase else { return nil }
      defer {
        running = nil
        token = 0
      }
      return token
    }
    // The test's default values go with it (models it left behind keep what they refer to, and
    // their reads from now on are reported).
    if let ended { DependencyValues._endTest(ended, testName: testCase.name) }
  }

  /// The running test case and its token, if an XCTest test is running.
  var current: (testCase: XCTestCase, token: UInt)? {
    lock.withLock { running.map { ($0, token) } }
  }
}
