// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Ambient",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Ambient", targets: ["Ambient"]),
    .library(name: "AmbientTesting", targets: ["AmbientTesting"]),
    .library(name: "AmbientUI", targets: ["AmbientUI"]),
    .library(name: "AmbientURLSession", targets: ["AmbientURLSession"]),
    .executable(name: "items", targets: ["ItemsExample"]),
    .executable(name: "AmbientBenchmarks", targets: ["AmbientBenchmarks"]),
    .executable(name: "ambient-migrate", targets: ["AmbientMigrate"]),
    .plugin(name: "MigrateToAmbient", targets: ["MigrateToAmbient"]),
  ],
  targets: [
    // What Ambient needs below Swift: acquire/release atomics for the lock-free read path
    // (`Synchronization.Atomic` needs iOS 18 and macOS 15, newer than our deployment targets),
    // a thread-local for the read in progress, and the slot for AmbientTesting's hooks.
    .target(name: "AmbientRuntime"),
    // Reading/README.md is the read path, in the order it runs, for readers of the source.
    .target(name: "Ambient", dependencies: ["AmbientRuntime"], exclude: ["Reading/README.md"]),
    // Registers AmbientTesting's hooks and XCTest observer when a test bundle loads (Swift has
    // no load-time initialisers; C does).
    .target(name: "AmbientTestingBootstrap"),
    .target(name: "AmbientTesting", dependencies: ["Ambient", "AmbientRuntime", "AmbientTestingBootstrap"]),
    .target(name: "AmbientUI", dependencies: ["Ambient"]),
    // `\.urlSession` where URLSession is in FoundationNetworking (Linux), which links libcurl:
    // a separate product, so that a program without it links with `--static-swift-stdlib`.
    // Empty on Apple platforms, where Ambient declares `\.urlSession`.
    .target(name: "AmbientURLSession", dependencies: ["Ambient"]),
    .executableTarget(
      name: "ItemsExample",
      dependencies: ["Ambient", "AmbientURLSession"],
      resources: [.copy("Resources/catalogue.json")]
    ),
    // The benchmark links AmbientTesting to measure reads inside real tests; its C target reads
    // the allocator's statistics for the memory rows.
    .target(name: "AmbientBenchmarkSupport"),
    .executableTarget(
      name: "AmbientBenchmarks", dependencies: ["Ambient", "AmbientTesting", "AmbientBenchmarkSupport"]),
    // The helpers more than one test target uses (the time limit, recorded issue texts), in no
    // product; each target's own helpers stay in its Support/.
    .target(name: "AmbientTestSupport", dependencies: ["Ambient"], path: "Tests/AmbientTestSupport"),
    .testTarget(
      name: "AmbientTests", dependencies: ["Ambient", "AmbientTesting", "AmbientURLSession", "AmbientTestSupport"]),
    .testTarget(name: "AmbientTestingTests", dependencies: ["Ambient", "AmbientTesting", "AmbientTestSupport"]),
    .testTarget(
      name: "ItemsExampleTests",
      dependencies: ["ItemsExample", "Ambient", "AmbientTesting", "AmbientURLSession", "AmbientTestSupport"]),
    // Written as a swift-dependencies user writes tests, against the names Ambient shares with it.
    .testTarget(name: "CompatibilityTests", dependencies: ["Ambient", "AmbientTesting", "AmbientTestSupport"]),
    // A module declaring the names ConcurrencyExtras and IssueReporting share with Ambient (in no
    // product), and the tests that a file importing it beside Ambient compiles and calls it.
    .target(name: "ClashingNames", path: "Tests/Fixtures/ClashingNames"),
    .testTarget(name: "ClashingNamesTests", dependencies: ["Ambient", "AmbientTesting", "ClashingNames"]),
    // The migration from swift-dependencies: its logic in a library of its own (no Ambient, so its
    // tests build in seconds), the `ambient-migrate` tool, and the `migrate-to-ambient` command
    // plugin that runs the tool in the user's package.
    .target(name: "AmbientMigration"),
    .executableTarget(name: "AmbientMigrate", dependencies: ["AmbientMigration"]),
    .plugin(
      name: "MigrateToAmbient",
      capability: .command(
        intent: .custom(
          verb: "migrate-to-ambient",
          description: "Ports this package from swift-dependencies to Ambient (a dry run unless --apply)"),
        permissions: [
          .writeToPackageDirectory(reason: "With --apply it rewrites Package.swift and Swift files for Ambient")
        ]
      ),
      dependencies: ["AmbientMigrate"]
    ),
    .testTarget(name: "AmbientMigrationTests", dependencies: ["AmbientMigration"]),
  ],
  swiftLanguageModes: [.v6]
)

// Plugins take no Swift settings.
for target in package.targets where target.type != .system && target.type != .plugin {
  var settings = target.swiftSettings ?? []
  // Imports stay out of our public interface unless marked `public import`.
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  // Existentials are spelled `any P`, so a reader sees where dynamic dispatch happens.
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
