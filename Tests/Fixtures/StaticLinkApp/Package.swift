// swift-tools-version: 6.0
import PackageDescription

// An app as a Linux user ships it: it depends on Ambient alone and is linked with
// `swift build -c release --static-swift-stdlib` by .ci/check-static-link.
let package = Package(
  name: "StaticLinkApp",
  dependencies: [.package(name: "Ambient", path: "../../..")],
  targets: [
    .executableTarget(name: "StaticLinkApp", dependencies: [.product(name: "Ambient", package: "Ambient")])
  ],
  swiftLanguageModes: [.v6]
)
