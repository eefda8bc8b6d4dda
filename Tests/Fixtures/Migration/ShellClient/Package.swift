// swift-tools-version: 6.0
// Migration fixture shaped like swift-shell-client and swift-dependencies-additions: a library
// that re-exports Dependencies and names XCTestDynamicOverlay's `unimplemented` by its module,
// a package the manifest does not name (it came through swift-dependencies), and tests that
// import the library `@testable`.
import PackageDescription

let package = Package(
  name: "ShellClient",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "ShellClient", targets: ["ShellClient"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "ShellClient", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    .testTarget(name: "ShellClientTests", dependencies: ["ShellClient"]),
  ],
  swiftLanguageModes: [.v6]
)
