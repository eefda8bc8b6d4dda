import Ambient
import ClashingNames
import Testing

import class Ambient.LockIsolated
import func Ambient.unimplemented

// A file beside such a module that wants Ambient's declarations names the module, or imports
// the names it wants from Ambient: either reaches Ambient's reporting, which records the issue
// in the running test.

@Suite struct PreferringAmbientTests {
  @Test func moduleQualifiedReportIssueIsAmbients() {
    withKnownIssue {
      Ambient.reportIssue("reported through Ambient")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["reported through Ambient"]
    }
  }

  @Test func importedUnimplementedIsAmbients() {
    let count: @Sendable () -> Int = unimplemented("Counter.count", placeholder: 0)
    withKnownIssue {
      #expect(count() == 0)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Counter.count") }
    }
  }

  @Test func importedLockIsolatedIsAmbients() {
    let names: LockIsolated<[String]> = LockIsolated([])
    names.withValue { $0.append("a") }
    #expect(names.value == ["a"])
    #expect(String(reflecting: type(of: names)) == "Ambient.LockIsolated<Swift.Array<Swift.String>>")
  }
}
