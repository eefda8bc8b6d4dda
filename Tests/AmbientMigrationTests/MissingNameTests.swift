import Testing

@testable import AmbientMigration

@Suite struct MissingNameTests {
  @Test func xctestsOwnExpectFailureIsNotMissing() throws {
    let (text, report) = try migrate(
      "import XCTest\nimport XCTestDynamicOverlay\nfunc testA() { XCTExpectFailure(\"flaky\") }\n")
    #expect(text == "import XCTest\nimport Ambient\nfunc testA() { XCTExpectFailure(\"flaky\") }\n")
    #expect(!report.contains { $0.contains("overlay-missing-name") })
  }

  @Test func aNameNoImportDeclaresIsListedOnceWithItsPackage() throws {
    let source = "import Dependencies\nfunc a() { XCTExpectFailure(\"a\") }\nfunc b() { XCTExpectFailure(\"b\") }\n"
    let (text, report) = try migrate(source)
    #expect(text.hasPrefix("import Ambient\n"))
    #expect(
      report.filter { $0.contains(": fix [") } == [
        "File.swift:2: fix [overlay-missing-name] `XCTExpectFailure` (2 uses) — Add the package `https://github.com/pointfreeco/xctest-dynamic-overlay` to the manifest and `.product(name: \"XCTestDynamicOverlay\", package: \"xctest-dynamic-overlay\")` to this file's target, and add `import XCTestDynamicOverlay` to the file"
      ])
  }

  @Test func aNameFromAPackageTheManifestNamesIsNotMissingWhereTheFileImportsIt() throws {
    var facts = PackageFacts()
    facts.declaredOverlayModules = ["ConcurrencyExtras"]
    facts.overlayPackages = ["ConcurrencyExtras": "swift-concurrency-extras"]
    let source = "import ConcurrencyExtras\nimport Dependencies\nlet key = AnyHashableSendable(1)\n"
    let (text, report) = try migrate(source, facts: facts)
    #expect(text == "import ConcurrencyExtras\nimport Ambient\nlet key = AnyHashableSendable(1)\n")
    #expect(!report.contains { $0.contains(": fix [") })
    // Without the import, only the import is to add.
    let (_, withoutImport) = try migrate("import Dependencies\nlet key = AnyHashableSendable(1)\n", facts: facts)
    #expect(
      withoutImport.contains {
        $0.hasSuffix(
          "Add `.product(name: \"ConcurrencyExtras\", package: \"swift-concurrency-extras\")` to this file's target if it lacks it, and add `import ConcurrencyExtras` to the file"
        )
      })
  }

  @Test func aNameThePackageDeclaresIsNotMissing() throws {
    var facts = PackageFacts()
    facts.declaredNames = ["AnyHashableSendable"]
    let (_, report) = try migrate("import Dependencies\nlet key = AnyHashableSendable(1)\n", facts: facts)
    #expect(report == ["File.swift:1: changed [import] `import Dependencies` → `import Ambient`"])
  }

  @Test func theFixNamesThePackageAsThePackageKnowsIt() throws {
    var facts = PackageFacts()
    facts.overlayPackages = ["IssueReporting": "swift-issue-reporting"]
    let (text, report) = try migrate("import IssueReporting\nwithIssueReporters([]) {}\n", facts: facts)
    // The import stays, so the file builds once the package is added.
    #expect(text == "import IssueReporting\nwithIssueReporters([]) {}\n")
    #expect(report.count == 1)
    #expect(report[0].contains("`.product(name: \"IssueReporting\", package: \"swift-issue-reporting\")`"))
    #expect(report[0].hasSuffix("and keep `import IssueReporting`"))
  }

  @Test func aQualifiedNameAmbientLacksKeepsItsModule() throws {
    let (text, report) = try migrate("import ConcurrencyExtras\nlet box = ConcurrencyExtras.UncheckedBox(0)\n")
    #expect(text == "import ConcurrencyExtras\nlet box = ConcurrencyExtras.UncheckedBox(0)\n")
    #expect(report.count == 1)
    #expect(report[0].hasPrefix("File.swift:2: fix [overlay-missing-name] `ConcurrencyExtras.UncheckedBox`"))
  }
}
