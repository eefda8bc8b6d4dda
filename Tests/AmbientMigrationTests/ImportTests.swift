import Testing

@testable import AmbientMigration

@Suite struct ImportTests {
  @Test func accessLevelsAndAttributesAreKept() throws {
    let (text, report) = try migrate(
      """
      @preconcurrency public import Dependencies
      package import DependenciesTestSupport
      @testable import struct Dependencies.DependencyValues
      """)
    #expect(
      text == """
        @preconcurrency public import Ambient
        package import AmbientTesting
        @testable import struct Ambient.DependencyValues
        """)
    #expect(
      report.contains(
        "File.swift:1: changed [import] `@preconcurrency public import Dependencies` → `@preconcurrency public import Ambient`"
      ))
  }

  @Test func anExportedImportStaysExportedAndTheFileImportsAmbientOnce() throws {
    let (text, report) = try migrate(
      """
      import Ambient
      import XCTestDynamicOverlay
      @_exported import Dependencies
      import Foundation
      """)
    #expect(text == "@_exported import Ambient\nimport Foundation")
    #expect(
      report == [
        "File.swift:1: changed [import] `@_exported import Dependencies` → `@_exported import Ambient`",
        "File.swift:1: changed [import] `import Ambient` removed (the file keeps `@_exported import Ambient`)",
        "File.swift:1: changed [overlay-import] `import XCTestDynamicOverlay` removed (the file keeps `@_exported import Ambient`)",
      ])
  }

  @Test func aSecondRunLeavesTheImportsAlone() throws {
    let once = try migrate("public import Dependencies\nimport ConcurrencyExtras\nlet lock = LockIsolated(0)\n").text
    #expect(once == "public import Ambient\nlet lock = LockIsolated(0)\n")
    #expect(try migrate(once).report.isEmpty)
  }

  @Test func qualifiedNamesOfARewrittenOverlayModuleBecomeAmbients() throws {
    let (text, report) = try migrate(
      """
      import XCTestDynamicOverlay
      let count: @Sendable () -> Int = XCTestDynamicOverlay.unimplemented(placeholder: 0)
      func fail() { XCTestDynamicOverlay.XCTFail("no") }
      let lock = ConcurrencyExtras.LockIsolated(0)
      """)
    #expect(
      text == """
        import Ambient
        let count: @Sendable () -> Int = Ambient.unimplemented(placeholder: 0)
        func fail() { Ambient.reportIssue("no") }
        let lock = Ambient.LockIsolated(0)
        """)
    #expect(
      report.contains(
        "File.swift:2: changed [qualified-name] `XCTestDynamicOverlay.unimplemented` → `Ambient.unimplemented`"))
  }

  @Test func qualifiedNamesStayWhereTheManifestNamesTheirPackage() throws {
    var facts = PackageFacts()
    facts.declaredOverlayModules = ["XCTestDynamicOverlay", "IssueReporting"]
    let source = "import XCTestDynamicOverlay\nlet f: () -> Int = XCTestDynamicOverlay.unimplemented(placeholder: 0)\n"
    let (text, report) = try migrate(source, facts: facts)
    #expect(text == source)
    #expect(report.isEmpty)
  }
}
