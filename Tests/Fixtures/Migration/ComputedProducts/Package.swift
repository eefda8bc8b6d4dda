// swift-tools-version: 6.0
// Migration fixture: products declared in properties of the manifest's own and listed by name,
// as swift-environment-variables, swift-logging-extras and swift-urlrequest-handler declare them.
// Removing the macros' product alone would leave a getter with nothing to return.
import PackageDescription

extension Target.Dependency {
  static var dependencies: Target.Dependency { .product(name: "Dependencies", package: "swift-dependencies") }
  static var dependenciesMacros: Target.Dependency {
    .product(name: "DependenciesMacros", package: "swift-dependencies")
  }
}

let package = Package(
  name: "ComputedProducts",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "EnvironmentValues", targets: ["EnvironmentValues"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.16.0")
  ],
  targets: [
    .target(name: "EnvironmentValues", dependencies: [.dependencies, .dependenciesMacros]),
    .testTarget(name: "EnvironmentValuesTests", dependencies: ["EnvironmentValues", .dependencies]),
  ],
  swiftLanguageModes: [.v6]
)
