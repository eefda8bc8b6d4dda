// swift-tools-version: 6.0
// Migration fixture: a library whose test value fails through XCTestDynamicOverlay's `XCTFail`
// (which came through swift-dependencies), tested with XCTest.
import PackageDescription

let package = Package(
  name: "OverlayXCTest",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "Greeter", targets: ["Greeter"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(
      name: "Greeter",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
    ),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
