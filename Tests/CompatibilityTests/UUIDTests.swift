import Ambient
import AmbientTesting
import Foundation
import Testing
import XCTest

/// `UUID(_:)` as swift-dependencies documents it, for every `Int`.
private let documentedMapping: [(Int, String)] = [
  (0, "00000000-0000-0000-0000-000000000000"),
  (1, "00000000-0000-0000-0000-000000000001"),
  (16, "00000000-0000-0000-0000-000000000010"),
  (1 << 48, "00000000-0000-0000-0001-000000000000"),
  (Int.max, "00000000-0000-0000-7FFF-FFFFFFFFFFFF"),
  (-1, "00000000-0000-0001-0000-000000000001"),
  (-16, "00000000-0000-0001-0000-000000000010"),
  (Int.min + 1, "00000000-0000-0001-7FFF-FFFFFFFFFFFF"),
]

@Suite struct UUIDCompatibilityTests {
  @Test(arguments: documentedMapping)
  func intValuesMapAsInSwiftDependencies(value: Int, uuidString: String) {
    #expect(UUID(value).uuidString == uuidString)
  }

  @Test func intMinHasItsOwnUUIDInsteadOfStoppingTheProcess() {
    #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    #expect(Set(documentedMapping.map { UUID($0.0) }).count == documentedMapping.count)
    #expect(!documentedMapping.map { UUID($0.0) }.contains(UUID(Int.min)))
  }

  @Test(.dependency(\.uuid, .incrementing))
  func incrementingMatchesTheIntInitializer() {
    @Dependency(\.uuid) var uuid
    #expect([uuid(), uuid(), uuid()] == [UUID(0), UUID(1), UUID(2)])
  }
}

final class UUIDCompatibilityXCTests: XCTestCase {
  func testExtremeIntsGiveUUIDs() {
    XCTAssertEqual(UUID(Int.max).uuidString, "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
    XCTAssertEqual(UUID(-16).uuidString, "00000000-0000-0001-0000-000000000010")
    XCTAssertEqual(UUID(Int.min).uuidString, "00000000-0000-0001-8000-000000000000")
  }

  func testIncrementingMatchesTheIntInitializer() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.uuid) var uuid
      XCTAssertEqual([uuid(), uuid()], [UUID(0), UUID(1)])
    }
  }
}
