import Foundation
import Testing

@testable import AmbientMigration

@Suite struct PackageMigrationTests {
  @Test func theManifestNamesAmbientsProductsByItsIdentity() throws {
    let root = try temporaryPackage([
      "Package.swift": manifest,
      "Sources/App/Session.swift": "import Dependencies\nlet k = \\DependencyValues.urlSession\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let migration = try PackageMigration(root: root, check: .alwaysLoads)
    let migrated = try #require(migration.changes.first { $0.path == "Package.swift" }).migrated
    #expect(
      migrated == """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
          name: "App",
          dependencies: [
            .package(url: "https://github.com/me/Ambient.git", from: "1.0.0"),
          ],
          targets: [
            .target(
              name: "App",
              dependencies: [
                .product(name: "Ambient", package: "Ambient"),
                .product(name: "AmbientURLSession", package: "Ambient"),
              ]
            ),
            .testTarget(name: "AppTests", dependencies: ["App", .product(name: "Ambient", package: "Ambient"), .product(name: "AmbientTesting", package: "Ambient")]),
          ]
        )
        """)
  }

  @Test func withoutAmbientInTheManifestTheCheckoutIsAddedOrTheReportSaysSo() throws {
    let withoutAmbient = manifest.replacingOccurrences(
      of: "    .package(url: \"https://github.com/me/Ambient.git\", from: \"1.0.0\"),\n", with: "")
    let root = try temporaryPackage(["Package.swift": withoutAmbient])
    defer { try? FileManager.default.removeItem(at: root) }
    let reported = try PackageMigration(root: root, check: .alwaysLoads)
    #expect(
      MigrationReport.lines(reported, outcome: .dryRun).contains {
        $0.hasPrefix("Package.swift:7: fix [ambient-missing]")
      })
    let added = try PackageMigration(root: root, ambientPath: "/src/Ambient-main", check: .alwaysLoads)
    let migrated = try #require(added.changes.first).migrated
    #expect(migrated.contains("    .package(path: \"/src/Ambient-main\"),\n  ],"))
    #expect(migrated.contains(".product(name: \"Ambient\", package: \"Ambient-main\")"))
  }

  @Test func aDryRunWritesNothingApplyWritesAndASecondRunChangesNothing() throws {
    let source = "import Dependencies\nimport XCTestDynamicOverlay\nfunc f() { XCTFail(\"no\") }\n"
    let root = try temporaryPackage(["Package.swift": manifest, "Sources/App/F.swift": source])
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Sources/App/F.swift")
    let first = try PackageMigration(root: root, check: .alwaysLoads)
    #expect(try String(contentsOf: file, encoding: .utf8) == source)
    let report = MigrationReport(first, outcome: .dryRun).text
    #expect(
      report.contains(
        """
        --- a/Sources/App/F.swift
        +++ b/Sources/App/F.swift
        @@ -1,4 +1,3 @@
        -import Dependencies
        -import XCTestDynamicOverlay
        -func f() { XCTFail("no") }
        +import Ambient
        +func f() { reportIssue("no") }
        """))
    #expect(report.hasSuffix("8 changes to make (dry run: nothing written), 0 differences to fix, 0 to check"))
    try first.apply()
    #expect(try String(contentsOf: file, encoding: .utf8) == "import Ambient\nfunc f() { reportIssue(\"no\") }\n")
    let second = try PackageMigration(root: root, check: .alwaysLoads)
    #expect(second.changes.isEmpty)
    #expect(MigrationReport(second, outcome: .applied).text == "0 changes made, 0 differences to fix, 0 to check")
  }

  @Test func aFileThatCannotBeReadIsReportedAndLeftAlone() throws {
    let broken = "import Dependencies\nlet s = \"never closed\n"
    let root = try temporaryPackage(["Package.swift": manifest, "Sources/App/Broken.swift": broken])
    defer { try? FileManager.default.removeItem(at: root) }
    let migration = try PackageMigration(root: root, check: .alwaysLoads)
    #expect(!migration.changes.contains { $0.path == "Sources/App/Broken.swift" })
    #expect(
      migration.findings.contains { $0.path == "Sources/App/Broken.swift" && $0.difference.id == "unparsed-file" })
  }

  @Test func aDependencyThatUsesSwiftDependenciesIsNamed() throws {
    let root = try temporaryPackage([
      "App/Package.swift": manifest.replacingOccurrences(
        of: ".package(url: \"https://github.com/me/Ambient.git\", from: \"1.0.0\"),",
        with: ".package(path: \"../Ambient\"),\n    .package(path: \"../Logging\"),"),
      "Logging/Package.swift": "// uses https://github.com/pointfreeco/swift-dependencies\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let migration = try PackageMigration(root: root.appendingPathComponent("App"), check: .alwaysLoads)
    let lines = MigrationReport.lines(migration, outcome: .applied)
    #expect(
      lines.contains { $0.hasPrefix("Package.swift:8: fix [dependency-package] `Logging` uses swift-dependencies") })
  }

  @Test func theGuidesTableIsTheToolsTable() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "Sources/Ambient/Ambient.docc/Articles/MigratingInOneCommand.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    let section = try #require(text.components(separatedBy: GuideTable.heading + "\n").dropFirst().first)
    let table = section.components(separatedBy: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
    // Regenerate with `swift run ambient-migrate --guide-table`.
    #expect(table.joined(separator: "\n") == GuideTable.markdown)
  }
}
