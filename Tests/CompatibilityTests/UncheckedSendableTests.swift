import Ambient
import AmbientTestSupport
import Foundation
import Testing
import XCTest

/// A class that is not `Sendable`, as legacy types often are.
private final class Counter {
  var count = 0
}

@Suite struct UncheckedSendableCompatibilityTests {
  @Test(oneMinuteLimit)
  func carriesANonSendableValueIntoATask() async {
    let counter = UncheckedSendable(Counter())
    await Task { counter.value.count += 1 }.value
    #expect(counter.count == 1)  // dynamic member lookup reads through
  }

  @Test func worksAsAPropertyWrapper() {
    @UncheckedSendable var counter = Counter()
    counter.count = 2
    let projected: UncheckedSendable<Counter> = $counter
    #expect(projected.value.count == 2)
  }

  @Test func comparesByItsValue() {
    #expect(UncheckedSendable(1) == UncheckedSendable(1))
    #expect(Set([UncheckedSendable("a"), UncheckedSendable("a")]).count == 1)
  }
}

final class UncheckedSendableCompatibilityXCTests: XCTestCase {
  func testCarriesANonSendableValueIntoATask() async {
    let counter = UncheckedSendable(Counter())
    await Task { counter.value.count += 3 }.value
    XCTAssertEqual(counter.count, 3)
  }
}
