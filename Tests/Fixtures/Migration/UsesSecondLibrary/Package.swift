// swift-tools-version: 6.0
// Migration fixture: a package built on another swift-dependencies library (SecondLibrary),
// which re-exports Dependencies: the report says to port that library first.
import PackageDescription

let package = Package(
  name: "UsesSecondLibrary",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0"),
    .package(path: "../SecondLibrary"),
  ],
  targets: [
    .target(
      name: "Requests",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logbook", package: "SecondLibrary"),
      ]
    ),
    .testTarget(
      name: "RequestsTests",
      dependencies: ["Requests", .product(name: "DependenciesTestSupport", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
