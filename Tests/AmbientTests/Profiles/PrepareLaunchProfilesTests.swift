import AmbientTestSupport
import Testing

@testable import Ambient

/// `prepareDependencies(launchProfiles:)` at an app's entry point: the chosen profiles become
/// the process's defaults (here, the running test's) over the context's values, in order; an
/// unknown name applies none, and is reported and returned.
@Suite struct PrepareLaunchProfilesTests {
  static let declared = [
    LaunchProfile("offline") { $0.endpoints.fetch = { "offline \($0)" } },
    LaunchProfile("first") { $0.allValues = "first" },
    LaunchProfile("second") { $0.allValues = "second" },
  ]

  @discardableResult
  private func prepare(
    _ environment: [String: String],
    _ arguments: [String] = [],
    declared: [LaunchProfile] = Self.declared,
    line: UInt = #line,
    _ updateValues: ((inout DependencyValues) -> Void)? = nil
  ) -> UnknownLaunchProfile? {
    prepareDependencies(
      launchProfiles: declared, environment: environment, arguments: ["/App"] + arguments, updateValues,
      location: (#fileID, #filePath, line, 1))
  }

  @Test func theChosenProfilesChangeOnlyWhatTheyNameOverTheContextsValues() {
    let unknown = prepare(["AMBIENT_PROFILE": "offline"])

    let model = GreeterModel()
    #expect(unknown == nil)
    #expect(DependencyValues._current.endpoints.fetch(1) == "offline 1")
    #expect(DependencyValues._current.endpoints.baseURL == "https://test.example", "the rest is the context's")
    #expect(model.allValues == "test")
  }

  @Test func laterProfilesWinWhereTheyChangeTheSameValue() {
    prepare(["AMBIENT_PROFILE": "second"], ["-AmbientProfile", "first"])
    #expect(DependencyValues._current.allValues == "first")
  }

  @Test func theProfilesApplyOverTheAppsOwnPreparedValues() {
    prepare(["AMBIENT_PROFILE": "second"]) {
      $0.allValues = "app"
      $0.palette = Palette(name: "app")
    }
    #expect(DependencyValues._current.allValues == "second")
    #expect(DependencyValues._current.palette == Palette(name: "app"))
  }

  @Test func scopesStillOverrideWhatAProfilePrepared() {
    prepare(["AMBIENT_PROFILE": "first"])
    let scoped = withDependencies {
      $0.allValues = "scoped"
    } operation: {
      DependencyValues._current.allValues
    }
    #expect(scoped == "scoped")
    #expect(DependencyValues._current.allValues == "first")
  }

  @Test func aLaunchWithNoProfilePreparesNothingBeyondTheClosure() {
    #expect(prepare([:]) == nil)
    #expect(prepare([:]) { $0.palette = Palette(name: "app") } == nil)

    // Nothing else was prepared: preparing allValues now is a first preparation, not a second.
    prepareDependencies { $0.allValues = "later" }
    #expect(DependencyValues._current.allValues == "later")
    #expect(DependencyValues._current.palette == Palette(name: "app"))
  }

  @Test func theProfilesApplyOverTheValuesOfTheContextInForce() {
    // Preview values over a root of their own, as under AMBIENT_CONTEXT=preview.
    withFreshRoot(.preview) {
      prepare(["AMBIENT_PROFILE": "offline"])
      #expect(DependencyValues._current.endpoints.fetch(2) == "offline 2")
      // Endpoints has no preview value: the preview context falls back to the live one.
      #expect(DependencyValues._current.endpoints.baseURL == "https://live.example")
    }
  }

  @Test func aProfileMayChooseTheContextForItselfAndTheProfilesAfterIt() {
    let declared = [LaunchProfile("demo") { $0.context = .preview }] + Self.declared
    let values = DependencyValues(root: DefaultValueRoot())
    DependencyValues.withBound(values) {
      prepare(["AMBIENT_PROFILE": "demo,offline"], declared: declared)
      #expect(DependencyValues.current.context == .preview)
      #expect(DependencyValues.current.endpoints.fetch(3) == "offline 3")
      #expect(DependencyValues.current.liveAndPreview == "preview")
    }
  }

  @Test func anUnknownNameAppliesNoProfileAndIsReportedAndReturned() {
    var returned: UnknownLaunchProfile?
    let texts = recordedIssues {
      returned = prepare(["AMBIENT_PROFILE": "first,ofline"]) { $0.palette = Palette(name: "app") }
    }
    #expect(
      returned
        == UnknownLaunchProfile(name: "ofline", source: "AMBIENT_PROFILE", knownNames: ["offline", "first", "second"]))
    #expect(
      texts == [
        """
        AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: offline, first, second.

          Asked for: "ofline", in AMBIENT_PROFILE
          Context:   test

        No launch profile was applied: the launch would otherwise run on values it did not ask for, and a UI test would pass or fail by luck.

        To fix:
          • Choose declared profiles by name: AMBIENT_PROFILE=a,b in the launch environment, or -AmbientProfile a in the launch arguments.
          • Or declare the profile, LaunchProfile("name") { $0.… = … }, in the list passed to prepareDependencies(launchProfiles:).
        """
      ])
    #expect(DependencyValues._current.allValues == "test", "not even the known profile before it")
    #expect(DependencyValues._current.palette == Palette(name: "app"), "the app's own values are prepared")
  }

  @Test func theReportIsAttributedToTheCall() {
    let line: UInt = 4242
    withKnownIssue {
      prepare([:], ["-AmbientProfile"], line: line)
    } matching: { issue in
      issue.sourceLocation?.line == Int(line)
        && issue.comments.first?.rawValue.hasPrefix("-AmbientProfile is not followed by a launch profile name;") == true
        && issue.comments.first?.rawValue.contains("Asked for: nothing after -AmbientProfile") == true
    }
  }

  @Test func profilesNoLaunchCanChooseAreReported() {
    let declared = [
      LaunchProfile("first") { _ in },
      LaunchProfile("first") { _ in },
      LaunchProfile("") { _ in },
      LaunchProfile("a,b") { _ in },
      LaunchProfile(" padded") { _ in },
    ]
    var unknown: UnknownLaunchProfile?
    let texts = recordedIssues {
      unknown = prepare(["AMBIENT_PROFILE": "first"], declared: declared)
    }
    #expect(unknown == nil)
    #expect(
      texts.map { $0.components(separatedBy: "\n")[0] } == [
        #"The launch profile "first" can never be chosen: a profile declared before it has that name."#,
        #"The launch profile "" can never be chosen: it is empty."#,
        #"The launch profile "a,b" can never be chosen: a launch separates names at commas."#,
        #"The launch profile " padded" can never be chosen: a launch trims the spaces around a name."#,
      ])
    #expect(
      texts.first?.hasSuffix(
        """
        A launch that asks for it gets another profile, or is refused as naming an unknown one.

        To fix:
          • Give each launch profile its own name, without commas or surrounding spaces.
        """) == true)
  }
}
