// swift-tools-version: 6.0
// Migration fixture: a manifest whose rewrite would not load. Its products come from a helper
// function, which the tool does not read; without swift-dependencies' package the manifest
// names a package it no longer declares. The tool writes nothing, here or in the sources.
import PackageDescription

func pointFree(_ product: String) -> Target.Dependency {
  .product(name: product, package: "swift-dependencies")
}

let package = Package(
  name: "HeldBackManifest",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "Settings", dependencies: [pointFree("Dependencies")])
  ],
  swiftLanguageModes: [.v6]
)
