// swift-tools-version: 6.0
// Stands in for pointfreeco/xctest-dynamic-overlay in the migration fixtures, which cannot fetch
// it: its path ends in the package's identity, so a fixture's manifest names it as a real
// package's manifest does. It declares only what the fixtures use, with signatures of its own.
import PackageDescription

let package = Package(
  name: "xctest-dynamic-overlay",
  products: [.library(name: "IssueReporting", targets: ["IssueReporting"])],
  targets: [.target(name: "IssueReporting")],
  swiftLanguageModes: [.v6]
)
