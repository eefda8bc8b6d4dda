import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

protocol AuditLog: Sendable {
  func record(_ entry: String)
}

struct LiveAuditLog: AuditLog {
  func record(_ entry: String) {}
}

final class MockAuditLog: AuditLog {
  let entries = LockIsolated<[String]>([])
  func record(_ entry: String) { entries.withValue { $0.append(entry) } }
}

enum AuditLogKey: DependencyKey {
  static let liveValue: any AuditLog = LiveAuditLog()
  static var testValue: any AuditLog { MockAuditLog() }
}

extension DependencyValues {
  var auditLog: any AuditLog {
    get { self[AuditLogKey.self] }
    set { self[AuditLogKey.self] = newValue }
  }
}

private final class TransferModel {
  @Dependency(\.auditLog) var auditLog
  func transfer() { auditLog.record("transfer") }
}

@Suite struct DependencyAsCompatibilityTests {
  @Test func theKeyPathFormGivesTheConcreteTypeNotAnOptional() {
    @Dependency(\.auditLog, as: MockAuditLog.self) var auditLog
    TransferModel().transfer()
    // Compiles only because `auditLog` is a `MockAuditLog`, as in swift-dependencies.
    let entries: [String] = auditLog.entries.value
    #expect(entries == ["transfer"])
  }

  @Test func theKeyFormGivesTheConcreteTypeNotAnOptional() {
    let mock = MockAuditLog()
    withDependencies {
      $0.auditLog = mock
    } operation: {
      @Dependency(AuditLogKey.self, as: MockAuditLog.self) var auditLog
      #expect(auditLog === mock)
    }
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test(oneMinuteLimit) func aFailedCastReportsBothTypesThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withDependencies {
        $0.auditLog = LiveAuditLog()
      } operation: {
        @Dependency(\.auditLog, as: MockAuditLog.self) var auditLog
        auditLog.record("never")
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("is a LiveAuditLog, not a MockAuditLog, in the test context."))
    #expect(standardError.contains("Declared type: AuditLog"))
    #expect(standardError.contains("Or ask for the type that is installed:"))
  }
  #endif
}

final class DependencyAsCompatibilityXCTests: XCTestCase {
  func testTheKeyPathFormGivesTheConcreteType() {
    @Dependency(\.auditLog, as: MockAuditLog.self) var auditLog
    TransferModel().transfer()
    XCTAssertEqual(auditLog.entries.value, ["transfer"])
  }
}
