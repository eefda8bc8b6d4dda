// swift-tools-version: 6.2
// App and test targets as Xcode 26 creates them. `.ci/check-main-actor-target` builds and runs
// them with warnings as errors.
// - ItemsApp and ItemsAppTests: the SwiftUI example's platform-neutral files (Examples/ItemsApp,
//   through a symlink) and its tests (Examples/ItemsAppTests), with exactly the build settings of
//   Xcode 26's app template: Swift 5 mode (minimal concurrency checking), main actor by default,
//   approachable concurrency, member import visibility.
// - ItemsAppSwift6: the same files in that target switched to Swift 6 (complete checking).
// - MainActorAppTests: the root package's documentation examples (Tests/AmbientTests/Documentation,
//   through a symlink), so every sample the README and the articles show compiles, and its tests
//   pass, both in a plain Swift 6 target and in a main-actor Swift 6 one.
import PackageDescription

// A package at a path is known by its directory's name, which is whatever the clone was called.
let ambient = Context.packageDirectory.split(separator: "/").dropLast(3).last.map(String.init) ?? "Ambient"

// Xcode 26's iOS App template: SWIFT_VERSION = 5.0, SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor,
// SWIFT_APPROACHABLE_CONCURRENCY = YES (the five features below) and
// SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES.
let xcodeAppTemplate: [SwiftSetting] = [
  .swiftLanguageMode(.v5),
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("DisableOutwardActorInference"),
  .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("InferSendableFromCaptures"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// That template switched to Swift 6: the language mode turns on complete checking and three of
// the five features; the other two stay upcoming features.
let xcodeAppTemplateInSwift6: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// The example's files that need Apple SDKs (SwiftUI, UIKit, the app bundle); the iOS typecheck
// (Tests/AppleTypecheck/run.sh) covers them. Every other file of the example compiles here.
let appleOnly = [
  "APIClient+Live.swift", "FavoritesView.swift", "ItemDetailView.swift", "ItemListView.swift", "ItemsApp.swift",
  "NotesViewController.swift", "README.md", "catalogue.json",
]

let package = Package(
  name: "MainActorApp",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [.package(path: "../../..")],
  targets: [
    // The root package's test helpers (Tests/AmbientTestSupport, through a symlink: that target
    // is in no product), built as the root package builds them, without main-actor isolation.
    .target(
      name: "AmbientTestSupport",
      dependencies: [.product(name: "Ambient", package: ambient)],
      path: "Tests/AmbientTestSupport"
    ),
    .target(
      name: "ItemsApp",
      dependencies: [.product(name: "Ambient", package: ambient)],
      path: "Tests/ItemsApp",
      exclude: appleOnly,
      swiftSettings: xcodeAppTemplate
    ),
    .testTarget(
      name: "ItemsAppTests",
      dependencies: [
        "ItemsApp",
        .product(name: "Ambient", package: ambient),
        .product(name: "AmbientTesting", package: ambient),
      ],
      swiftSettings: xcodeAppTemplate
    ),
    .target(
      name: "ItemsAppSwift6",
      dependencies: [.product(name: "Ambient", package: ambient)],
      path: "Tests/ItemsAppSwift6",
      exclude: appleOnly,
      swiftSettings: xcodeAppTemplateInSwift6
    ),
    .testTarget(
      name: "MainActorAppTests",
      dependencies: [
        "AmbientTestSupport",
        .product(name: "Ambient", package: ambient),
        .product(name: "AmbientTesting", package: ambient),
      ],
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
