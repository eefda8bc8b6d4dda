import Ambient
import AmbientTestSupport
import Testing

@testable import ItemsExample

/// How `items` reads the launch profiles from its command line and environment, and applies
/// them over what the command line chose; in-process (the built executable is
/// `LaunchProfileProcessTests`).
@MainActor
@Suite(oneMinuteLimit) struct LaunchProfileInvocationTests {
  static let known = ["empty-catalogue", "offline", "no-favourites"]

  private func profiles(_ arguments: String..., environment: [String: String] = [:]) throws -> [String] {
    try Invocation(arguments: arguments, environment: environment).launchProfiles.map(\.name)
  }

  @Test func theVariableAndTheArgumentPairChooseProfilesAsAmbientDoes() throws {
    #expect(try profiles() == [])
    #expect(
      try profiles(environment: ["AMBIENT_PROFILE": "offline, empty-catalogue"]) == ["offline", "empty-catalogue"])
    let mixed = try Invocation(
      arguments: ["show", "-AmbientProfile", "no-favourites", "2", "--preview", "-AmbientProfile", "offline"],
      environment: ["AMBIENT_PROFILE": "empty-catalogue"])
    #expect(mixed.launchProfiles.map(\.name) == ["empty-catalogue", "no-favourites", "offline"])
    #expect(mixed.command == .show("2"))
    #expect(mixed.usesPreviewValues)
  }

  @Test func theDeclaredProfilesAreTheOnesTheHelpNames() {
    #expect(LaunchProfile.items.map(\.name) == Self.known)
    for name in Self.known {
      #expect(Usage.text.contains(name), "the help does not name \(name)")
    }
  }

  @Test func anUnknownProfileIsAUsageErrorNamingEveryKnownOne() {
    let unknown = UnknownLaunchProfile(name: "ofline", source: "AMBIENT_PROFILE", knownNames: Self.known)
    #expect(throws: ItemsError.unknownLaunchProfile(unknown)) {
      try profiles(environment: ["AMBIENT_PROFILE": "offline,ofline"])
    }
    #expect(ItemsError.unknownLaunchProfile(unknown).exitStatus == 2)
    #expect(
      ItemsError.unknownLaunchProfile(unknown).description
        == #"AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: "#
        + "empty-catalogue, offline, no-favourites.")
    let missing = UnknownLaunchProfile(name: "", source: "-AmbientProfile", knownNames: Self.known)
    #expect(throws: ItemsError.unknownLaunchProfile(missing)) { try profiles("list", "-AmbientProfile") }
  }

  @Test func helpIsShownWhateverTheProfiles() throws {
    #expect(try Invocation(arguments: ["--help"], environment: ["AMBIENT_PROFILE": "nope"]).command == .help)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func profilesApplyOverTheValuesTheEntryPointChose() async {
    let outcomes = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = .inMemory(favorites: ["3"])
    } operation: {
      (
        await run(environment: ["AMBIENT_PROFILE": "no-favourites"]),
        await run("show", "3", environment: ["AMBIENT_PROFILE": "empty-catalogue"]),
        await run("--preview", environment: ["AMBIENT_PROFILE": "no-favourites,offline"])
      )
    }
    #expect(outcomes.0.status == 0)
    #expect(!outcomes.0.output.contains("★ 3"), "no favourites: \(outcomes.0.output)")
    #expect(outcomes.0.output.contains("  3  Wool rug"))
    expectFailure(outcomes.1, "no item with ID '3'; run 'items' to list them")
    expectFailure(outcomes.2, "cannot load the catalogue from the catalogue server: the network is offline")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownProfileRunsNothing() async {
    let outcome = await run("favorite", "1", "on", environment: ["AMBIENT_PROFILE": "ofline"])
    expectFailure(
      outcome, status: 2,
      #"AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: "#
        + "empty-catalogue, offline, no-favourites.")
  }
}
