// swift-tools-version: 6.0
// Stands in for pointfreeco/swift-concurrency-extras in the migration fixtures, which cannot
// fetch it: its path ends in the package's identity, so a fixture's manifest names it as a real
// package's manifest does. It declares only what the fixtures use.
import PackageDescription

let package = Package(
  name: "swift-concurrency-extras",
  products: [.library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"])],
  targets: [.target(name: "ConcurrencyExtras")],
  swiftLanguageModes: [.v6]
)
