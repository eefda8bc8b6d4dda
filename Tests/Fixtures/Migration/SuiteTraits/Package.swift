// swift-tools-version: 6.0
// Migration fixture: a Swift Testing package whose suites use `@Suite(.dependencies)` and the
// `.dependency` traits of DependenciesTestSupport.
import PackageDescription

let package = Package(
  name: "SuiteTraits",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "Counter", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "Counter",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
