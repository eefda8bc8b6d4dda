// swift-tools-version: 6.0
// Migration fixture: the manifest Swift 6 reads, beside the Package.swift of older toolchains.
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
  swiftLanguageModes: [.v6]
)
