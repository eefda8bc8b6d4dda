// swift-tools-version: 6.0
// Migration fixture shaped like swift-sharing: imports with access levels and attributes
// (`public import Dependencies`), xctest-dynamic-overlay and swift-concurrency-extras named by the
// manifest (stand-ins here), a test value that waits for work on another thread while it is
// built, and tests that are fine as they are: XCTest's `XCTExpectFailure`, the standard
// library's `AsyncStream(_:bufferingPolicy:_:)`, a known issue matched by the package's own text.
import PackageDescription

let package = Package(
  name: "SharedState",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "Sharing", targets: ["Sharing"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0"),
    .package(path: "../StandIns/swift-concurrency-extras"),
    .package(path: "../StandIns/xctest-dynamic-overlay"),
  ],
  targets: [
    .target(
      name: "Sharing",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "SharingTests",
      dependencies: ["Sharing", .product(name: "DependenciesTestSupport", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [.enableUpcomingFeature("InternalImportsByDefault")]
}
