import Ambient
import Foundation
import Testing

private let sharedName = Notification.Name("NotificationCenterTests.shared")

// Two tests that each observe the centre and check that only their own post arrives: with a
// shared centre, whichever ran second would see the other's observer too.
@Suite struct NotificationCenterTests {
  @Test(arguments: ["first", "second"])
  func eachTestGetsAFreshCentre(label: String) {
    @Dependency(\.notificationCenter) var notificationCenter
    #expect(notificationCenter !== NotificationCenter.default)
    let received = LockIsolated<[String]>([])
    // An observer left behind on purpose: a later test on the same centre would see it fire.
    _ = notificationCenter.addObserver(forName: sharedName, object: nil, queue: nil) { _ in
      received.withValue { $0.append(label) }
    }
    notificationCenter.post(name: sharedName, object: nil)
    #expect(received.value == [label])
  }

  @Test func theSameTestReadsTheSameCentre() {
    @Dependency(\.notificationCenter) var first
    @Dependency(\.notificationCenter) var second
    #expect(first === second)
  }
}
