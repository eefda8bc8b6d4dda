import Ambient
import AmbientTestSupport
import Foundation
import Testing

@testable import ItemsExample

/// The built `items` launched with `AMBIENT_PROFILE` (and `-AmbientProfile`), as a UI test
/// launches an app: each profile, combinations, an unknown name and none, checked by what the
/// process prints and its exit status. Each run has the store of a test of its own, holding
/// one favourite (item 2), and an environment that holds nothing else.
@Suite(oneMinuteLimit) struct LaunchProfileProcessTests {
  /// The bundled catalogue as the list shows it, with `favorites` starred.
  static func bundledList(favorites: Set<String>) -> String {
    let names = ["Oak desk", "Reading lamp", "Wool rug", "Bookshelf", "Armchair"]
    let rows = names.enumerated().map { index, name in
      "\(favorites.contains("\(index + 1)") ? "★" : " ") \(index + 1)  \(name)"
    }
    return (rows + ["", "5 items, ★ = favourite. Run 'items show ID' for details.", ""]).joined(separator: "\n")
  }

  static let offlineError = """
    items: error: cannot load the catalogue from the catalogue server: the network is offline

    """

  /// Runs `items arguments` on a store holding favourite 2 (`--store`, unless not `passingStore`),
  /// with `environment` and no other variable; `inspect` sees the result and the store's favourites afterwards.
  private func launch(
    _ environment: [String: String],
    arguments: [String] = [],
    passingStore: Bool = true,
    inspect: (ItemsProcess.Result, _ favoritesAfter: Set<String>) throws -> Void
  ) async throws {
    try await withTemporaryDirectory { directory async throws in
      let store = directory.appendingPathComponent("favorites.json")
      try onDisk { try Database.file(at: store).setFavorite("2", true) }
      let result = try await ItemsProcess(
        arguments: (passingStore ? ["--store", store.path] : []) + arguments,
        environment: environment.merging(["HOME": directory.path]) { given, _ in given }
      ).run()
      #expect(result.timedOut == false)
      #expect(result.signal == nil)
      try inspect(result, try onDisk { try Database.file(at: store).favorites() })
    }
  }

  @Test func withoutAProfileItRunsAsItAlwaysHas() async throws {
    for environment in [[:], ["AMBIENT_PROFILE": ""]] {
      try await launch(environment) { result, _ in
        #expect(result.status == 0)
        #expect(result.output == Self.bundledList(favorites: ["2"]))
        #expect(result.errorOutput == "")
      }
    }
  }

  @Test func emptyCatalogue() async throws {
    try await launch(["AMBIENT_PROFILE": "empty-catalogue"]) { result, _ in
      #expect(result.status == 0)
      #expect(result.output == "The catalogue is empty.\n")
      #expect(result.errorOutput == "")
    }
  }

  @Test func offline() async throws {
    try await launch(["AMBIENT_PROFILE": "offline"]) { result, _ in
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(result.errorOutput == Self.offlineError)
    }
  }

  @Test func noFavouritesNeitherReadsNorWritesTheStore() async throws {
    try await launch(["AMBIENT_PROFILE": "no-favourites"]) { result, _ in
      #expect(result.status == 0)
      #expect(result.output == Self.bundledList(favorites: []))
    }
    try await launch(["AMBIENT_PROFILE": "no-favourites"], arguments: ["favorite", "1", "on"]) {
      result, favoritesAfter in
      #expect(result.status == 0)
      #expect(result.output == "Set: ★ Oak desk (1) is now a favourite.\n")
      #expect(favoritesAfter == ["2"], "the store is as it was")
    }
  }

  @Test func profilesApplyInTheOrderTheLaunchNamesThem() async throws {
    try await launch(["AMBIENT_PROFILE": "offline,empty-catalogue"]) { result, _ in
      #expect(result.status == 0)
      #expect(result.output == "The catalogue is empty.\n")
    }
    try await launch(["AMBIENT_PROFILE": "empty-catalogue, offline"]) { result, _ in
      #expect(result.status == 1)
      #expect(result.errorOutput == Self.offlineError)
    }
  }

  @Test func theArgumentPairRepeatsAndAppliesAfterTheVariable() async throws {
    let arguments = ["-AmbientProfile", "no-favourites", "list", "-AmbientProfile", "empty-catalogue"]
    try await launch(["AMBIENT_PROFILE": "offline"], arguments: arguments) { result, _ in
      #expect(result.status == 0)
      #expect(result.output == "The catalogue is empty.\n")
    }
  }

  @Test func aProfileCombinesWithTheContextVariable() async throws {
    // Preview values (the samples; item 2 a favourite in the preview store; --store refused),
    // without favourites.
    try await launch(["AMBIENT_CONTEXT": "preview"], passingStore: false) { result, _ in
      #expect(result.output.hasPrefix("  1  Oak desk\n★ 2  Reading lamp\n"))
    }
    let environment = ["AMBIENT_CONTEXT": "preview", "AMBIENT_PROFILE": "no-favourites"]
    try await launch(environment, passingStore: false) { result, _ in
      #expect(result.status == 0)
      #expect(
        result.output == """
            1  Oak desk
            2  Reading lamp
            3  Wool rug

          3 items, ★ = favourite. Run 'items show ID' for details.

          """)
    }
  }

  @Test func anUnknownNameIsOneLineNamingEveryProfileAndTouchesNothing() async throws {
    let line =
      #"items: error: AMBIENT_PROFILE names an unknown launch profile, "ofline"; "#
      + "the known ones are: empty-catalogue, offline, no-favourites.\n"
    try await launch(["AMBIENT_PROFILE": "no-favourites,ofline"], arguments: ["favorite", "1", "on"]) {
      result, favoritesAfter in
      #expect(result.status == 2)
      #expect(result.output == "")
      #expect(result.errorOutput == line)
      #expect(favoritesAfter == ["2"], "nothing was written")
    }
    try await launch([:], arguments: ["-AmbientProfile"]) { result, _ in
      #expect(result.status == 2)
      #expect(
        result.errorOutput
          == "items: error: -AmbientProfile is not followed by a launch profile name; "
          + "the known ones are: empty-catalogue, offline, no-favourites.\n")
    }
  }
}

/// Runs `body` on the real file system, as `items` does, to set up and read a test's store.
private func onDisk<R>(_ body: () throws -> R) rethrows -> R {
  try withDependencies {
    $0.fileSystem = .liveValue
  } operation: {
    try body()
  }
}
