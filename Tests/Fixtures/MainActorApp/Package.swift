// swift-tools-version: 6.2
// A test target as Xcode 26 creates one: main-actor isolation by default and "approachable
// concurrency". `.ci/check-main-actor-target` builds and runs it with warnings as errors. Its
// sources are the root package's documentation examples (Tests/AmbientTests/Documentation,
// through a symlink), so every sample the README and the articles show compiles, and its tests
// pass, both in a plain Swift 6 target and here. It also compiles the SwiftUI example's models
// and clients (Examples/ItemsApp, through a symlink) as the example's app target would, and
// tests them (Tests/ItemsAppTests).
import PackageDescription

// A package at a path is known by its directory's name, which is whatever the clone was called.
let ambient = Context.packageDirectory.split(separator: "/").dropLast(3).last.map(String.init) ?? "Ambient"

// What Xcode 26 gives a new app target ("Approachable Concurrency", main actor by default).
let appTarget: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "MainActorApp",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  dependencies: [.package(path: "../../..")],
  targets: [
    // The root package's test helpers (Tests/AmbientTestSupport, through a symlink: that target
    // is in no product), built as the root package builds them, without main-actor isolation.
    .target(
      name: "AmbientTestSupport",
      dependencies: [.product(name: "Ambient", package: ambient)],
      path: "Tests/AmbientTestSupport"
    ),
    // The SwiftUI example's platform-neutral files (Examples/ItemsApp, through a symlink): its
    // models, clients, aggregate and Item, compiled as the app target compiles them. Its views
    // and its UIKit and network live values need Apple SDKs; the iOS typecheck covers them.
    .target(
      name: "ItemsApp",
      dependencies: [.product(name: "Ambient", package: ambient)],
      path: "Tests/ItemsApp",
      exclude: [
        "APIClient+Live.swift", "Haptics+Live.swift", "ItemDetailView.swift", "ItemListView.swift",
        "ItemsApp.swift", "NotesViewController.swift", "README.md",
      ],
      sources: [
        "APIClient.swift", "AppDependency.swift", "Database.swift", "Haptics.swift", "Item.swift",
        "ItemDetailModel.swift", "ItemListModel.swift",
      ],
      swiftSettings: appTarget
    ),
    .testTarget(
      name: "ItemsAppTests",
      dependencies: [
        "ItemsApp",
        .product(name: "Ambient", package: ambient),
        .product(name: "AmbientTesting", package: ambient),
      ],
      swiftSettings: appTarget
    ),
    .testTarget(
      name: "MainActorAppTests",
      dependencies: [
        "AmbientTestSupport",
        .product(name: "Ambient", package: ambient),
        .product(name: "AmbientTesting", package: ambient),
      ],
      swiftSettings: appTarget
    ),
  ],
  swiftLanguageModes: [.v6]
)
