import Ambient
import Testing

/// A key that declares only a live value, read in a test: the read must fail the test.
enum MissingTestValueKey: DependencyKey {
  static let liveValue = "live"
}

/// Like ``MissingTestValueKey``, for the read through the subscript (no `@Dependency`).
enum UnsitedMissingTestValueKey: DependencyKey {
  static let liveValue = "live"
}

extension DependencyValues {
  var missingTestValue: String {
    get { self[MissingTestValueKey.self] }
    set { self[MissingTestValueKey.self] = newValue }
  }
}

/// The live → preview → test cascade, and the issues a missing value reports.
@Suite struct DependencyKeyTests {
  // MARK: The cascade

  @Test func liveContextReadsLiveValues() {
    withFreshRoot(.live) {
      @Dependency(\.allValues) var allValues
      @Dependency(\.liveAndPreview) var liveAndPreview
      @Dependency(\.liveOnly) var liveOnly
      #expect(allValues == "live")
      #expect(liveAndPreview == "live")
      #expect(liveOnly == "live")
    }
  }

  @Test func previewContextReadsPreviewValuesThenLiveValues() {
    withFreshRoot(.preview) {
      @Dependency(\.allValues) var allValues
      @Dependency(\.liveOnly) var liveOnly
      @Dependency(\.testOnly) var testOnly
      #expect(allValues == "preview")
      #expect(liveOnly == "live")
      #expect(testOnly == "test")
    }
  }

  @Test func testContextReadsTestValues() {
    withFreshRoot(.test) {
      @Dependency(\.allValues) var allValues
      @Dependency(\.testOnly) var testOnly
      @Dependency(\.testAndPreview) var testAndPreview
      #expect(allValues == "test")
      #expect(testOnly == "test")
      #expect(testAndPreview == "test")
    }
  }

  @Test func testContextFallsBackToThePreviewValueAndReports() {
    withFreshRoot(.test) {
      @Dependency(\.liveAndPreview) var liveAndPreview
      withKnownIssue {
        #expect(liveAndPreview == "preview")
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix("@Dependency(\\.liveAndPreview) has no test implementation") == true
      }
    }
  }

  @Test func testContextFallsBackToTheLiveValueAndReports() {
    withFreshRoot(.test) {
      @Dependency(\.liveOnly) var liveOnly
      withKnownIssue {
        #expect(liveOnly == "live")
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix("@Dependency(\\.liveOnly) has no test implementation") == true
      }
    }
  }

  @Test func overridingTheContextSelectsTheDefaults() {
    let contexts: [DependencyContext] = [.live, .preview, .test]
    let read = contexts.map { context in
      withDependencies {
        $0.context = context
      } operation: {
        DependencyValues._current.allValues
      }
    }
    #expect(read == ["live", "preview", "test"])
  }

  // MARK: What a missing value reports

  @Test func aMissingTestValueFailsTheTestNamingTheDependencyAndWhereItWasDeclared() {
    let line = #line + 1
    @Dependency(\.missingTestValue) var missingTestValue
    withKnownIssue {
      #expect(missingTestValue == "live")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        @Dependency(\\.missingTestValue) has no test implementation, but was read in the test context.

          Declared at: AmbientTests/DependencyKeyTests.swift:\(line)
          Key:         MissingTestValueKey
          Value:       String

        A test that reaches a live value can touch the network, the disk or the clock, so Ambient fails the test instead of letting it pass by luck. This read used the preview value, which defaults to the live value.

        To fix:
          • Override it for this test: .dependency(\\.missingTestValue, …) on the test, or withDependencies { $0.missingTestValue = … }.
          • Or give MissingTestValueKey a `testValue`, for example one whose endpoints are `unimplemented(…)`.
        """
      ]
    }
  }

  @Test func aMissingTestValueIsReportedOncePerKeyPerTest() {
    let issues = LockIsolated(0)
    withKnownIssue {
      @Dependency(\.missingTestValue) var first
      @Dependency(\.missingTestValue) var second
      _ = first
      _ = second
      _ = first
    } matching: { _ in
      issues.withValue { $0 += 1 }
      return true
    }
    #expect(issues.value == 1)
  }

  @Test func aMissingTestValueReadWithoutADeclarationNamesTheKey() {
    withKnownIssue {
      _ = DependencyValues._current[UnsitedMissingTestValueKey.self]
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("@Dependency(UnsitedMissingTestValueKey.self) has no test implementation")
        && text.contains("withDependencies { $0[UnsitedMissingTestValueKey.self] = … }")
        && !text.contains("Declared at")
    }
  }

  @Test func aTestOnlyKeyReadLiveReportsOnceAndUsesItsTestValue() {
    let issues = LockIsolated<[String]>([])
    withFreshRoot(.live) {
      withKnownIssue {
        @Dependency(\.testOnly) var first
        @Dependency(\.testOnly) var second
        #expect(first == "test")
        #expect(second == "test")
      } matching: { issue in
        issues.withValue { $0.append(issue.comments.first?.rawValue ?? "") }
        return true
      }
    }
    #expect(issues.value.count == 1)
    #expect(
      issues.value.first?.hasPrefix(
        "@Dependency(\\.testOnly) has no live implementation, but was read in the live context."
      ) == true)
    #expect(
      issues.value.first?.contains(
        "TestOnlyKey conforms only to TestDependencyKey, so the app is running on its test value."
      ) == true)
  }

  // MARK: Key shapes

  @Test func aTypeThatIsItsOwnKey() {
    @Dependency(Palette.self) var palette
    #expect(palette == Palette(name: "test"))
    withDependencies {
      $0[Palette.self] = Palette(name: "dark")
    } operation: {
      @Dependency(\.palette) var palette
      #expect(palette.name == "dark")
    }
  }

  @Test func aKeyWithASeparateValueType() {
    @Dependency(AllValuesKey.self) var byKey
    @Dependency(\.allValues) var byKeyPath
    #expect(byKey == "test")
    withDependencies {
      $0.allValues = "override"
    } operation: {
      #expect(byKey == "override")
      #expect(byKeyPath == "override")
    }
  }
}
