import Foundation
import Testing

@testable import AmbientMigration

@Suite struct MigrationReportTests {
  @Test func theClosingLineSeparatesWhatIsCertainFromWhatMayBe() throws {
    let root = try temporaryPackage([
      "Package.swift": manifest,
      "Sources/App/Model.swift": """
      import Dependencies
      struct Model {
        @Dependency(\\.mainQueue) var mainQueue
      }
      """,
      "Tests/AppTests/ModelTests.swift": "import Testing\n@Suite(.dependencies) struct ModelTests {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let migration = try PackageMigration(root: root, check: .alwaysLoads)
    let lines = MigrationReport.lines(migration, outcome: .applied)
    #expect(lines.last == "\(migration.findings.count - 2) changes made, 1 difference to fix, 1 to check")
    #expect(lines.contains { $0.hasPrefix("Sources/App/Model.swift:3: fix [missing-scheduler]") })
    #expect(lines.contains { $0.hasPrefix("Tests/AppTests/ModelTests.swift:2: check [suite-dependencies]") })
    #expect(
      MigrationReport.lines(migration, outcome: .dryRun).last
        == "\(migration.findings.count - 2) changes to make (dry run: nothing written), 1 difference to fix, 1 to check"
    )
  }

  @Test func aManifestSwiftPMCannotCheckHoldsBackEveryChange() throws {
    let source = "import Dependencies\n"
    let root = try temporaryPackage(["Package.swift": manifest, "Sources/App/A.swift": source])
    defer { try? FileManager.default.removeItem(at: root) }
    let unavailable = ManifestCheck { _, _ in
      throw PackageMigration.Failure(description: "found no `swift` on the PATH")
    }
    let migration = try PackageMigration(root: root, check: unavailable)
    #expect(try migration.apply() == false)
    #expect(try String(contentsOf: root.appendingPathComponent("Sources/App/A.swift"), encoding: .utf8) == source)
    let lines = MigrationReport.lines(migration, outcome: .heldBack)
    #expect(
      lines.contains { $0.hasPrefix("Package.swift: fix [manifest-load] not checked: found no `swift` on the PATH") })
    #expect(lines.first == "Changes held back (nothing is written while a difference to fix below holds them back):")
  }
}
