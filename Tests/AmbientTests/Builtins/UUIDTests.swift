import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct UUIDTests {
  @Test func liveGivesDistinctRandomUUIDs() {
    let uuid = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.uuid) var uuid
      return uuid
    }
    let first = uuid()
    #expect(first != uuid())
    #expect(first != UUID(0))
  }

  @Test func theTestValueReportsEachCallAndCountsFromZero() {
    @Dependency(\.uuid) var uuid
    var returned: [UUID] = []
    let issues = recordedIssues { returned = [uuid(), uuid()] }
    #expect(returned == [UUID(0), UUID(1)])
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.uuid) was called in the test context."#) == true)
    #expect(issues.first?.contains("Returned: 00000000-0000-0000-0000-000000000000") == true)
  }

  @Test(.dependency(\.uuid, .incrementing))
  func incrementingCountsFromZero() {
    @Dependency(\.uuid) var uuid
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(uuid() == UUID(2))
  }

  @Test func eachIncrementingGeneratorHasItsOwnCounter() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    _ = first()
    _ = first()
    #expect(second() == UUID(0))
    #expect(first() == UUID(2))
  }

  @Test(oneMinuteLimit) func incrementingIsSafeFromManyTasks() async {
    let generate = UUIDGenerator.incrementing
    let uuids = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 { group.addTask { generate() } }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(uuids == Set((0..<200).map(UUID.init)))
  }

  @Test func constantAlwaysReturnsItsUUID() {
    let generate = UUIDGenerator.constant(UUID(42))
    #expect(generate() == UUID(42))
    #expect(generate() == UUID(42))
  }

  @Test func intValuesSpellTheLastHexDigits() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    #expect(UUID(0xABC_DEF0_1234).uuidString == "00000000-0000-0000-0000-0ABCDEF01234")
    #expect(UUID((1 << 48) - 1).uuidString == "00000000-0000-0000-0000-FFFFFFFFFFFF")
  }

  @Test func everyIntGivesADistinctUUIDWithoutStopping() {
    #expect(UUID(1 << 48).uuidString == "00000000-0000-0000-0001-000000000000")
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
    #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
    #expect(UUID(-16).uuidString == "00000000-0000-0001-0000-000000000010")
    #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    let samples = [Int.min, Int.min + 1, -(1 << 48), -1, 0, 1, 1 << 32, 1 << 48, Int.max - 1, Int.max]
    #expect(Set(samples.map(UUID.init)).count == samples.count)
  }
}
