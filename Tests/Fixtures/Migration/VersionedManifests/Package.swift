// swift-tools-version: 5.9
// Migration fixture: a package with a manifest for Swift 6 beside the one older toolchains read.
// SwiftPM 6 reads Package@swift-6.0.swift, so both are migrated.
import PackageDescription

let package = Package(
  name: "VersionedManifests",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "Greetings", targets: ["Greetings"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "Greetings", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    .testTarget(
      name: "GreetingsTests",
      dependencies: ["Greetings", .product(name: "DependenciesTestSupport", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageVersions: [.v5]
)
