import Ambient
import ClashingNames
import Foundation
import Testing

// A file that imports Ambient beside a module declaring the same names (as ConcurrencyExtras and
// IssueReporting do) compiles, and each unqualified call reaches the other module: Ambient's
// declarations are the disfavoured overloads. The fixture's declarations report nothing, so a
// call that reached Ambient's `reportIssue` would fail the test.

@Suite struct UnqualifiedNamesTests {
  @Test func isTestingIsTheOtherModules() {
    #expect(isTesting == false)
    let ambients = Ambient.isTesting
    #expect(ambients)
  }

  @Test func reportIssueIsTheOtherModules() {
    let token = UUID().uuidString
    reportIssue(token)
    reportIssue(CocoaError(.fileNoSuchFile), token)
    #expect(CallLog.contains("reportIssue", token))
    #expect(CallLog.contains("reportIssue(error)", token))
  }

  @Test func withExpectedIssueIsTheOtherModules() async {
    let token = UUID().uuidString
    withExpectedIssue(token) {}
    await withExpectedIssue(token) { await Task.yield() }
    #expect(CallLog.contains("withExpectedIssue", token))
    #expect(CallLog.contains("withExpectedIssue(async)", token))
  }

  @Test func withErrorReportingIsTheOtherModules() async {
    let token = UUID().uuidString
    let value = withErrorReporting(token) { 1 }
    let asyncValue = await withErrorReporting(token) {
      await Task.yield()
      return 2
    }
    #expect(value == 1)
    #expect(asyncValue == 2)
    #expect(CallLog.contains("withErrorReporting", token))
    #expect(CallLog.contains("withErrorReporting(async)", token))
  }

  @Test func megaYieldIsTheOtherModules() async {
    await Task.megaYield(count: 7)
    #expect(CallLog.contains("megaYield", "7"))
  }

  @MainActor @Test func withMainSerialExecutorIsTheOtherModules() async {
    await withMainSerialExecutor { await Task.yield() }
    withMainSerialExecutor {}
    #expect(CallLog.contains("withMainSerialExecutor(async)", ""))
    #expect(CallLog.contains("withMainSerialExecutor", ""))
  }

  @Test func lockIsolatedsInitialiserIsTheOtherModules() {
    let count = LockIsolated(1)
    #expect(String(reflecting: type(of: count)) == "ClashingNames.LockIsolated<Swift.Int>")
  }

  @Test func uncheckedSendablesInitialiserIsTheOtherModules() {
    let box = UncheckedSendable(1)
    #expect(String(reflecting: type(of: box)) == "ClashingNames.UncheckedSendable<Swift.Int>")
  }

}
