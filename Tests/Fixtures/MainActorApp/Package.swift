// swift-tools-version: 6.2
// An app target as Xcode 26 creates one: main-actor isolation by default and "approachable
// concurrency". `.ci/check-main-actor-target` builds and tests it with warnings as errors, so
// every sample the README and the "Main-actor app targets" article show compiles there.
import PackageDescription

// A package at a path is known by its directory's name, which is whatever the clone was called.
let ambient = Context.packageDirectory.split(separator: "/").dropLast(3).last.map(String.init) ?? "Ambient"

let package = Package(
  name: "MainActorApp",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  dependencies: [.package(path: "../../..")],
  targets: [
    .target(name: "MainActorApp", dependencies: [.product(name: "Ambient", package: ambient)]),
    .testTarget(
      name: "MainActorAppTests",
      dependencies: [
        "MainActorApp",
        .product(name: "Ambient", package: ambient),
        .product(name: "AmbientTesting", package: ambient),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
  ]
}
