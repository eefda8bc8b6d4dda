import Ambient
import Foundation
import Testing

private let sharedName = Notification.Name("NotificationCenterTests.shared")
/// How many observers received each test's post, across both tests.
private let deliveries = LockIsolated<[String: Int]>([:])

// Two tests that each leave an observer behind and post once: on a shared centre, whichever
// test posts second reaches both observers, and its count is 2.
@Suite struct NotificationCenterTests {
  @Test(arguments: ["first", "second"])
  func eachTestGetsAFreshCentre(label: String) {
    @Dependency(\.notificationCenter) var notificationCenter
    #expect(notificationCenter !== NotificationCenter.default)
    _ = notificationCenter.addObserver(forName: sharedName, object: nil, queue: nil) { notification in
      let poster = notification.userInfo?["label"] as? String ?? "?"
      deliveries.withValue { $0[poster, default: 0] += 1 }
    }
    notificationCenter.post(name: sharedName, object: nil, userInfo: ["label": label])
    #expect(deliveries.value[label] == 1)
  }

  @Test func theSameTestReadsTheSameCentre() {
    @Dependency(\.notificationCenter) var first
    @Dependency(\.notificationCenter) var second
    #expect(first === second)
  }
}
