import Foundation
import Testing

@testable import AmbientMigration

/// The migrated manifest of a package whose manifests are `files`, and the report's lines.
func migrateManifests(_ files: [String: String]) throws -> (manifests: [String: String], report: [String]) {
  let root = try temporaryPackage(files)
  defer { try? FileManager.default.removeItem(at: root) }
  let migration = try PackageMigration(root: root, check: .alwaysLoads)
  var manifests: [String: String] = [:]
  for change in migration.changes where PackageManifests.isManifest(change.path) {
    manifests[change.path] = change.migrated
  }
  return (manifests, MigrationReport.lines(migration, outcome: .dryRun))
}

@Suite struct ManifestMigrationTests {
  @Test func aProductDeclaredInAComputedPropertyGoesWithItsUses() throws {
    let (manifests, _) = try migrateManifests([
      "Package.swift": """
      // swift-tools-version: 6.0
      import PackageDescription

      extension Target.Dependency {
        static var dependencies: Target.Dependency { .product(name: "Dependencies", package: "swift-dependencies") }
        static var dependenciesMacros: Target.Dependency {
          .product(name: "DependenciesMacros", package: "swift-dependencies")
        }
      }

      let package = Package(
        name: "Env",
        dependencies: [
          .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
          .package(path: "../Ambient"),
        ],
        targets: [
          .target(name: "Env", dependencies: [.dependencies, .dependenciesMacros]),
          .testTarget(name: "EnvTests", dependencies: ["Env", Target.Dependency.dependencies]),
        ]
      )
      """
    ])
    #expect(
      manifests["Package.swift"] == """
        // swift-tools-version: 6.0
        import PackageDescription

        extension Target.Dependency {
          static var dependencies: Target.Dependency { .product(name: "Ambient", package: "Ambient") }
        }

        let package = Package(
          name: "Env",
          dependencies: [
            .package(path: "../Ambient"),
          ],
          targets: [
            .target(name: "Env", dependencies: [.dependencies]),
            .testTarget(name: "EnvTests", dependencies: ["Env", Target.Dependency.dependencies, .product(name: "AmbientTesting", package: "Ambient")]),
          ]
        )
        """)
  }

  @Test func aProductInAConstantGoesToo() throws {
    let (manifests, _) = try migrateManifests([
      "Package.swift": """
      import PackageDescription
      let macros = Target.Dependency.product(name: "DependenciesMacros", package: "swift-dependencies")
      let package = Package(
        name: "A",
        dependencies: [.package(path: "../Ambient"), .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0")],
        targets: [.target(name: "A", dependencies: [.product(name: "Dependencies", package: "swift-dependencies", condition: .when(platforms: [.macOS])), macros])]
      )
      """
    ])
    #expect(
      manifests["Package.swift"] == """
        import PackageDescription
        let package = Package(
          name: "A",
          dependencies: [.package(path: "../Ambient")],
          targets: [.target(name: "A", dependencies: [.product(name: "Ambient", package: "Ambient", condition: .when(platforms: [.macOS]))])]
        )
        """)
  }

  @Test func aTestTargetThatLinksAmbientThroughATargetGetsItsTestSupport() throws {
    let (manifests, _) = try migrateManifests([
      "Package.swift": """
      import PackageDescription
      let package = Package(
        name: "Shell",
        dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"), .package(path: "../Ambient")],
        targets: [
          .target(name: "Shell", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
          .target(name: "ShellCLI", dependencies: ["Shell"]),
          .testTarget(name: "ShellCLITests", dependencies: ["ShellCLI"]),
        ]
      )
      """
    ])
    #expect(
      manifests["Package.swift"]?.contains(
        #".testTarget(name: "ShellCLITests", dependencies: ["ShellCLI", .product(name: "AmbientTesting", package: "Ambient")]),"#
      ) == true)
  }

  @Test func everyManifestIsMigratedWithTheAmbientAnotherHas() throws {
    let product = ".product(name: \"Dependencies\", package: \"swift-dependencies\")"
    let (manifests, report) = try migrateManifests([
      "Package.swift": """
      // swift-tools-version: 5.9
      import PackageDescription
      let package = Package(
        name: "A",
        dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0")],
        targets: [.target(name: "A", dependencies: [\(product)])]
      )
      """,
      "Package@swift-6.0.swift": """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(
        name: "A",
        dependencies: [
          .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
          .package(url: "https://github.com/me/ambient", branch: "main"),
        ],
        targets: [.target(name: "A", dependencies: [\(product)])]
      )
      """,
    ])
    let ambient = ".product(name: \"Ambient\", package: \"ambient\")"
    #expect(
      manifests["Package.swift"]?.contains(#".package(url: "https://github.com/me/ambient", branch: "main")"#) == true)
    #expect(manifests["Package.swift"]?.contains(ambient) == true)
    #expect(manifests["Package@swift-6.0.swift"]?.contains(ambient) == true)
    #expect(manifests.values.allSatisfy { !$0.contains("swift-dependencies") })
    #expect(report.contains { $0.hasPrefix("Package.swift: check [manifest-old-toolchain]") })
    #expect(!report.contains { $0.contains("[ambient-missing]") })
  }

  @Test func theTestSupportAdviceStaysUntilDoneAndNamesThePackageAsTheManifestDoes() throws {
    let root = try temporaryPackage([
      "Package.swift": """
      import PackageDescription
      let package = Package(
        name: "A",
        dependencies: [
          .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
          .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
          .package(path: "../Ambient"),
        ],
        targets: [.testTarget(name: "ATests", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")])]
      )
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let first = try PackageMigration(root: root, check: .alwaysLoads)
    try first.apply()
    let second = try PackageMigration(root: root, check: .alwaysLoads)
    let advice = { (migration: PackageMigration) in
      MigrationReport.lines(migration, outcome: .applied).filter { $0.contains("[issue-reporting-test-support]") }
    }
    #expect(advice(first).count == 1)
    #expect(advice(second) == advice(first))
    #expect(
      advice(first).first?.hasPrefix(
        "Package.swift:5: check [issue-reporting-test-support] `xctest-dynamic-overlay` reports through IssueReporting — Add `.product(name: \"IssueReportingTestSupport\", package: \"xctest-dynamic-overlay\")` to the test targets:"
      ) == true)
  }
}
