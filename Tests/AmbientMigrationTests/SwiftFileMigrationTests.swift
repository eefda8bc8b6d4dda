import Testing

@testable import AmbientMigration

/// The migrated text of `text` and the report lines of its changes and differences.
func migrate(_ text: String, facts: PackageFacts = PackageFacts()) throws -> (text: String, report: [String]) {
  let migration = try #require(SwiftFileMigration(path: "File.swift", text: text, facts: facts))
  return (migration.text, migration.findings.sorted().map(\.reportLine))
}

@Suite struct SwiftFileMigrationTests {
  @Test func importsBecomeAmbientsModulesOnce() throws {
    let (text, report) = try migrate(
      """
      import Dependencies
      import DependenciesMacros
      import DependenciesTestSupport
      import XCTestDynamicOverlay
      @preconcurrency import struct Dependencies.DependencyValues
      import Testing
      """)
    #expect(
      text == """
        import Ambient
        import AmbientTesting
        @preconcurrency import struct Ambient.DependencyValues
        import Testing
        """)
    #expect(report.count == 5)
    #expect(
      report.contains(
        "File.swift:3: changed [overlay-import] `import XCTestDynamicOverlay` removed (the file keeps `import Ambient`)"
      ))
  }

  @Test func aConditionalImportKeepsItsCondition() throws {
    let (text, _) = try migrate("#if canImport(Dependencies)\n  import Dependencies\n#endif\n")
    #expect(text == "#if canImport(Ambient)\n  import Ambient\n#endif\n")
  }

  @Test func anOverlayImportStaysForANameAmbientLacks() throws {
    let (text, report) = try migrate("import IssueReporting\nwithIssueReporters([]) {}\n")
    #expect(text == "import IssueReporting\nwithIssueReporters([]) {}\n")
    #expect(report.count == 1)
    #expect(report[0].hasPrefix("File.swift:2: fix [overlay-missing-name] `withIssueReporters`"))
  }

  @Test func anOverlayImportStaysWhenTheManifestNamesItsPackage() throws {
    var facts = PackageFacts()
    facts.declaredOverlayModules = ["IssueReporting"]
    let (text, _) = try migrate("import IssueReporting\n", facts: facts)
    #expect(text == "import IssueReporting\n")
  }

  @Test func qualifiedNamesAmbientHasAreRewrittenOthersReported() throws {
    let (text, report) = try migrate(
      """
      @Dependencies.Dependency(\\.date) var date
      let v = Dependencies.withDependencies { _ in } operation: { 1 }
      let s = "Dependencies.Dependency"
      let x = Dependencies.OpenURLEffect.self
      """)
    #expect(text.hasPrefix("@Ambient.Dependency(\\.date) var date\nlet v = Ambient.withDependencies"))
    #expect(text.contains("let s = \"Dependencies.Dependency\""))
    #expect(text.contains("Dependencies.OpenURLEffect"))
    #expect(report.last?.hasPrefix("File.swift:4: fix [qualified-unknown] `Dependencies.OpenURLEffect`") == true)
  }

  @Test func aPackageWithItsOwnDependenciesTypeKeepsItsNames() throws {
    var facts = PackageFacts()
    facts.declaresDependenciesType = true
    let (text, report) = try migrate("let d = Dependencies.Dependency.self\n", facts: facts)
    #expect(text == "let d = Dependencies.Dependency.self\n")
    #expect(report.isEmpty)
  }

  @Test func xctFailBecomesReportIssueOutsideXCTestFiles() throws {
    let (text, report) = try migrate("XCTFail(\"no\")\nif _XCTIsTesting {}\nXCTFail(\"x\", file: f, line: l)\n")
    #expect(text == "reportIssue(\"no\")\nif isTesting {}\nXCTFail(\"x\", file: f, line: l)\n")
    #expect(report.contains { $0.hasPrefix("File.swift:3: fix [xctfail-location]") })
    let (kept, _) = try migrate("import XCTest\nXCTFail(\"no\")\n")
    #expect(kept == "import XCTest\nXCTFail(\"no\")\n")
  }

  @Test func streamWithContinuationBecomesMakeStream() throws {
    let (text, _) = try migrate(
      """
      let a = AsyncStream<Int>.streamWithContinuation()
      let b = AsyncStream.streamWithContinuation(Int.self)
      let c = AsyncStream<Int>.streamWithContinuation(bufferingPolicy: .bufferingNewest(1))
      """)
    #expect(
      text == """
        let a = AsyncStream<Int>.makeStream()
        let b = AsyncStream.makeStream(of: Int.self)
        let c = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        """)
  }

  @Test func urlSessionGetsItsImport() throws {
    let (text, report) = try migrate("import Dependencies\n@Dependency(\\.urlSession) var session\n")
    #expect(text == "import Ambient\nimport AmbientURLSession\n@Dependency(\\.urlSession) var session\n")
    #expect(report.contains("File.swift:2: changed [url-session] `import AmbientURLSession` added"))
  }

  @Test func scannedDifferencesNameTheirLineAndFix() throws {
    let (_, report) = try migrate("import Dependencies\n\n@Dependency(\\.mainQueue) var mainQueue\n")
    #expect(
      report.last
        == "File.swift:3: fix [missing-scheduler] `\\.mainQueue` — Declare a key of your own (Ambient does not link Combine schedulers)"
    )
  }

  @Test func aLiveValueThatStartsWorkElsewhereIsReported() throws {
    let (_, report) = try migrate(
      """
      extension Store: DependencyKey {
        static var liveValue: Store {
          let store = Store()
          Task { await store.warmUp() }
          return store
        }
      }
      """)
    #expect(report.count == 1)
    #expect(report.first?.hasPrefix("File.swift:2: check [global-lock]") == true)
  }

  @Test func aSecondRunChangesNothing() throws {
    let source = """
      import Dependencies
      import XCTestDynamicOverlay
      @Dependencies.Dependency(\\.urlSession) var session
      let pair = AsyncStream.streamWithContinuation(Int.self)
      func fail() { XCTFail("no") }
      """
    let once = try migrate(source).text
    let twice = try migrate(once)
    #expect(twice.text == once)
    #expect(!twice.report.contains { $0.contains("changed [") })
  }
}
