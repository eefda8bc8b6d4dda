// swift-tools-version: 6.0
// Migration fixture: a client written with `@DependencyClient` (labelled, throwing, async and
// plain endpoints) and a `@DependencyEntry`.
import PackageDescription

let package = Package(
  name: "Macros",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(
      name: "Weather",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "WeatherTests",
      dependencies: ["Weather", .product(name: "DependenciesTestSupport", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
