// swift-tools-version: 6.0
// Migration fixture: `\.urlSession` (AmbientURLSession on Linux), the deprecated
// `streamWithContinuation`, module-qualified names, and names that came through
// ConcurrencyExtras.
import PackageDescription

let package = Package(
  name: "StreamsAndSessions",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "Feed", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    .testTarget(
      name: "FeedTests",
      dependencies: ["Feed", .product(name: "Dependencies", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
