import Foundation
import Testing

@testable import AmbientMigration

// These ask the toolchain's SwiftPM, as the tool does: about a second each. The tool waits for
// SwiftPM, so each waits on a thread of its own, leaving Swift Testing's threads to the other
// tests.
@Suite struct ManifestCheckTests {
  let swiftPM = ManifestCheck.swiftPM(swift: nil, timeLimit: 60)

  /// `body`'s result, computed on a new thread.
  func onAThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
  }

  @Test func aManifestThatWouldNotCompileIsCaughtWithTheCompilersError() async throws {
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription
      extension Target.Dependency {
        static var dependenciesMacros: Target.Dependency {  }
      }
      let package = Package(name: "A", targets: [.target(name: "A", dependencies: [.dependenciesMacros])])
      """
    let swiftPM = self.swiftPM
    let error = try #require(try await onAThread { try swiftPM.load(manifest, "A") })
    #expect(error.hasPrefix("Package.swift:4:"))
    #expect(error.contains("missing return in getter"))
    let fixed = manifest.replacingOccurrences(of: "{  }", with: "{ .target(name: \"B\") }")
    #expect(try await onAThread { try swiftPM.load(fixed, "A") } == nil)
  }

  @Test func aPackageWhoseManifestWouldNotLoadIsLeftAsItWas() async throws {
    // A product named in a helper function: the tool removes swift-dependencies but cannot see
    // the product, so the rewritten manifest names a package it no longer declares.
    let files = [
      "Package.swift": """
      // swift-tools-version: 6.0
      import PackageDescription
      func pointFree(_ product: String) -> Target.Dependency {
        .product(name: product, package: "swift-dependencies")
      }
      let package = Package(
        name: "A",
        dependencies: [
          .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
          .package(path: "../Ambient"),
        ],
        targets: [.target(name: "A", dependencies: [pointFree("Dependencies")])]
      )
      """,
      "Sources/A/A.swift": "import Dependencies\n",
    ]
    let root = try temporaryPackage(files)
    defer { try? FileManager.default.removeItem(at: root) }
    let swiftPM = self.swiftPM
    let migration = try await onAThread { try PackageMigration(root: root, check: swiftPM) }
    #expect(migration.isHeldBack)
    #expect(try migration.apply() == false)
    for (path, text) in files {
      #expect(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) == text)
    }
    let lines = MigrationReport.lines(migration, outcome: .heldBack)
    #expect(
      lines.contains {
        $0.hasPrefix(
          "Package.swift: fix [manifest-load] SwiftPM would not load it rewritten: `unknown package 'swift-dependencies' in dependencies of target 'A'"
        )
      })
    #expect(lines.last == "0 changes made (2 held back), 1 difference to fix, 0 to check")
  }
}
