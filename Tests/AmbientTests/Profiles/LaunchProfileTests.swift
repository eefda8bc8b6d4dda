import Ambient
import Testing

/// How a launch chooses profiles: the variable, the repeated argument pair, their order, and the
/// one line that names an unknown profile.
@Suite struct LaunchProfileTests {
  static let declared = [
    LaunchProfile("empty-catalogue") { $0.allValues = "empty" },
    LaunchProfile("offline") { $0.allValues = "offline" },
    LaunchProfile("signed-out") { $0.palette = Palette(name: "signed out") },
  ]

  private func chosen(_ environment: [String: String] = [:], _ arguments: String...) throws -> [String] {
    try LaunchProfile.chosen(from: Self.declared, environment: environment, arguments: ["/App"] + arguments)
      .map(\.name)
  }

  private func unknown(_ environment: [String: String] = [:], _ arguments: String...) -> UnknownLaunchProfile? {
    do {
      _ = try LaunchProfile.chosen(from: Self.declared, environment: environment, arguments: ["/App"] + arguments)
      return nil
    } catch {
      return error as? UnknownLaunchProfile
    }
  }

  @Test func aLaunchThatNamesNoProfileChoosesNone() throws {
    #expect(try chosen() == [])
    #expect(try chosen(["AMBIENT_PROFILE": ""]) == [])
    #expect(try chosen(["AMBIENT_PROFILE": " , "], "-AmbientProfile", "") == [])
    #expect(try chosen([:], "-NSDoubleLocalizedStrings", "YES", "offline") == [], "a bare name is not a choice")
  }

  @Test func theVariableNamesProfilesInTheOrderToApplyThem() throws {
    #expect(try chosen(["AMBIENT_PROFILE": "offline"]) == ["offline"])
    #expect(try chosen(["AMBIENT_PROFILE": "signed-out,offline"]) == ["signed-out", "offline"])
    #expect(try chosen(["AMBIENT_PROFILE": " offline ,, empty-catalogue, "]) == ["offline", "empty-catalogue"])
    #expect(try chosen(["AMBIENT_PROFILE": "offline,offline"]) == ["offline", "offline"])
  }

  @Test func theArgumentPairMayRepeatAndComesAfterTheVariable() throws {
    let names = try chosen(
      ["AMBIENT_PROFILE": "signed-out"],
      "-AmbientProfile", "offline", "-NSDoubleLocalizedStrings", "YES", "-AmbientProfile", "empty-catalogue,signed-out"
    )
    #expect(names == ["signed-out", "offline", "empty-catalogue", "signed-out"])
  }

  @Test func theArgumentsMayComeWithoutTheProgramsPath() throws {
    let names = try LaunchProfile.chosen(
      from: Self.declared, environment: [:], arguments: ["-AmbientProfile", "offline"])
    #expect(names.map(\.name) == ["offline"])
  }

  @Test func anUnknownNameIsOneLineNamingItAndEveryKnownProfile() {
    let fromVariable = unknown(["AMBIENT_PROFILE": "offline,ofline"])
    #expect(fromVariable?.name == "ofline")
    #expect(fromVariable?.source == "AMBIENT_PROFILE")
    #expect(
      fromVariable?.description
        == #"AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: empty-catalogue, offline, signed-out."#
    )
    #expect(
      unknown([:], "-AmbientProfile", "Offline")?.description
        == #"-AmbientProfile names an unknown launch profile, "Offline"; the known ones are: empty-catalogue, offline, signed-out."#
    )
  }

  @Test func theFirstUnknownNameInLaunchOrderIsTheOneNamed() {
    #expect(unknown(["AMBIENT_PROFILE": "nope,offline"], "-AmbientProfile", "neither")?.name == "nope")
    #expect(unknown(["AMBIENT_PROFILE": "offline"], "-AmbientProfile", "neither,nope")?.name == "neither")
  }

  @Test func anArgumentWithNoNameAfterItIsRefused() {
    let missing = unknown(["AMBIENT_PROFILE": "offline"], "-AmbientProfile")
    #expect(missing?.name == "")
    #expect(
      missing?.description
        == "-AmbientProfile is not followed by a launch profile name; the known ones are: empty-catalogue, offline, signed-out."
    )
  }

  @Test func anAppThatDeclaresNoProfilesSaysSo() {
    let unknown = UnknownLaunchProfile(name: "offline", source: "AMBIENT_PROFILE", knownNames: [])
    #expect(throws: unknown) {
      try LaunchProfile.chosen(from: [], environment: ["AMBIENT_PROFILE": "offline"], arguments: [])
    }
    #expect(unknown.description == #"AMBIENT_PROFILE names an unknown launch profile, "offline"; none are declared."#)
  }

  @Test func aNameDeclaredTwiceIsKnownOnceAndMeansTheFirst() throws {
    let declared = Self.declared + [LaunchProfile("offline") { $0.allValues = "second" }]
    let chosen = try LaunchProfile.chosen(from: declared, environment: ["AMBIENT_PROFILE": "offline"], arguments: [])
    let value = withDependencies {
      chosen[0].apply(to: &$0)
    } operation: {
      DependencyValues._current.allValues
    }
    #expect(value == "offline")
    let known = ["empty-catalogue", "offline", "signed-out"]
    #expect(throws: UnknownLaunchProfile(name: "x", source: "AMBIENT_PROFILE", knownNames: known)) {
      try LaunchProfile.chosen(from: declared, environment: ["AMBIENT_PROFILE": "x"], arguments: [])
    }
  }

  @Test func applyMakesTheProfilesChangesToOneScope() {
    let (inside, model) = withDependencies {
      Self.declared[2].apply(to: &$0)
    } operation: {
      (DependencyValues._current.palette, GreeterModel())
    }
    #expect(inside == Palette(name: "signed out"))
    #expect(model.palette == Palette(name: "signed out"))
    #expect(DependencyValues._current.palette == Palette(name: "test"))
  }

  @Test func aProfileIsIdentifiedByItsName() {
    #expect(Self.declared.map(\.id) == ["empty-catalogue", "offline", "signed-out"])
    #expect(LaunchProfile.environmentVariable == "AMBIENT_PROFILE")
    #expect(LaunchProfile.launchArgument == "-AmbientProfile")
  }
}
