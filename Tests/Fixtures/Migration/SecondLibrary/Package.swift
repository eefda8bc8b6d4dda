// swift-tools-version: 6.0
// Migration fixture: a library that declares its own dependency key with swift-dependencies,
// which UsesSecondLibrary depends on; it must be ported first.
import PackageDescription

let package = Package(
  name: "SecondLibrary",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "Logbook", targets: ["Logbook"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "Logbook", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")])
  ],
  swiftLanguageModes: [.v6]
)
