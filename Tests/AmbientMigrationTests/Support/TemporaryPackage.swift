import Foundation
import Testing

@testable import AmbientMigration

/// A package in a new temporary directory, from `files` (path: text).
func temporaryPackage(_ files: [String: String]) throws -> URL {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("ambient-migration-\(UUID().uuidString)")
  for (path, text) in files {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
  return root
}

let manifest = """
  // swift-tools-version: 6.0
  import PackageDescription

  let package = Package(
    name: "App",
    dependencies: [
      .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
      .package(url: "https://github.com/me/Ambient.git", from: "1.0.0"),
    ],
    targets: [
      .target(
        name: "App",
        dependencies: [
          .product(name: "Dependencies", package: "swift-dependencies"),
          .product(name: "DependenciesMacros", package: "swift-dependencies"),
        ]
      ),
      .testTarget(name: "AppTests", dependencies: ["App", .product(name: "Dependencies", package: "swift-dependencies")]),
    ]
  )
  """

extension ManifestCheck {
  /// A check that finds every manifest loads, for tests that are not about the check.
  static let alwaysLoads = ManifestCheck { _, _ in nil }
}
