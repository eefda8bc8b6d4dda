import AmbientRuntime

/// What Ambient learns about the running test.
///
/// `AmbientTesting` installs two C entry points when a test bundle loads (see
/// `ambient_install_test_hooks`): one names the running test, from Swift Testing's
/// `Test.current` and an XCTest observer; one records a failure in it. `Ambient` itself never
/// links a test framework. A test process that does not link `AmbientTesting` still gets the
/// `test` context and XCTest failures (through `XCTFail`, found by symbol lookup), but cannot
/// tell one test from the next; it is told so once, with the fix.
enum TestObservation {
  private typealias XCTFailFunction = @convention(thin) (String, StaticString, UInt) -> Void

  // @unchecked: immutable; the function pointer points into a loaded framework's code.
  private struct FrameworkSymbols: @unchecked Sendable {
    let xctFail: XCTFailFunction?
    let testingLoaded: Bool
  }

  private static let symbols: FrameworkSymbols = {
    let xctFail = SymbolLookup.address(of: "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    return FrameworkSymbols(
      // Sound because the symbol looked up is XCTFail(_:file:line:), whose thin signature this
      // is (its mangled name spells the signature), in XCTest, which stays loaded once loaded.
      xctFail: xctFail.map { unsafeBitCast($0, to: XCTFailFunction.self) },
      testingLoaded: SymbolLookup.address(of: "$s7Testing4TestV7currentACSgvgZ") != nil
    )
  }()

  /// Whether XCTest, Swift Testing or `AmbientTesting` is loaded into this process.
  static var isTestFrameworkLoaded: Bool {
    isTestSupportLinked || symbols.xctFail != nil || symbols.testingLoaded
  }

  /// Whether `AmbientTesting` is linked into this process.
  static var isTestSupportLinked: Bool { ambient_installed_current_test_hook() != nil }

  /// A token that identifies the running test (each Swift Testing test and parameterised case,
  /// each XCTest test method), or 0 outside any test.
  static func currentTestToken() -> UInt {
    if let currentTest = ambient_installed_current_test_hook() { return currentTest() }
    warnOnceAboutMissingTestSupport()
    return 0
  }

  /// Records `message` as a failure of the running test. Returns `false` when no test framework
  /// took it (no test is running, or none could be reached).
  static func recordIssue(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    if let recordIssue = ambient_installed_record_issue_hook() {
      return recordIssue(message, "\(fileID)", "\(filePath)", Int(line), Int(column))
    }
    if let xctFail = symbols.xctFail, TestRunner.current.isXCTest {
      // Without AmbientTesting we cannot tell whether an XCTest case is running; XCTest's own
      // runner processes are the only place this fallback is used.
      xctFail(message, filePath, line)
      return true
    }
    return false
  }

  /// Written by the first call only: a global's initialiser runs once, thread-safely.
  private static let missingTestSupportWarning: Void = StandardError.write(
    IssueMessage.missingTestSupport.description)

  private static func warnOnceAboutMissingTestSupport() {
    _ = missingTestSupportWarning
  }
}
