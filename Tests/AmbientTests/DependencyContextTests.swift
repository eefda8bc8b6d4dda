import Testing

@testable import Ambient

/// How the context is detected, forced and read.
@Suite struct DependencyContextTests {
  private static let appArguments = ["/usr/local/bin/items"]
  private static let testArguments = ["/build/AmbientPackageTests.xctest"]

  private func detect(
    _ environment: [String: String] = [:],
    arguments: [String] = appArguments,
    testFrameworkLoaded: Bool = false
  ) -> DependencyContext {
    DependencyContext.detect(environment: environment, arguments: arguments, testFrameworkLoaded: testFrameworkLoaded)
  }

  @Test(arguments: [
    ("live", DependencyContext.live), ("preview", .preview), ("test", .test),
    ("LIVE", .live), ("Preview", .preview), ("tEsT", .test),
  ])
  func ambientContextForcesTheContextWhateverItsCase(value: String, expected: DependencyContext) {
    #expect(detect(["AMBIENT_CONTEXT": value], arguments: Self.testArguments, testFrameworkLoaded: true) == expected)
    #expect(detect(["AMBIENT_CONTEXT": value, "XCODE_RUNNING_FOR_PREVIEWS": "1"]) == expected)
  }

  @Test(arguments: [("live", DependencyContext.live), ("PREVIEW", .preview), ("Test", .test)])
  func swiftDependenciesContextForcesTheContextForMigratingUsers(value: String, expected: DependencyContext) {
    #expect(detect(["SWIFT_DEPENDENCIES_CONTEXT": value], arguments: Self.testArguments) == expected)
  }

  @Test func ambientContextWinsOverSwiftDependenciesContext() {
    #expect(detect(["AMBIENT_CONTEXT": "preview", "SWIFT_DEPENDENCIES_CONTEXT": "live"]) == .preview)
  }

  @Test func anInvalidValueIsReportedWithTheAcceptedValuesAndIgnored() {
    withKnownIssue {
      #expect(detect(["AMBIENT_CONTEXT": "staging"]) == .live)
      #expect(detect(["AMBIENT_CONTEXT": "staging"], testFrameworkLoaded: true) == .test)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        AMBIENT_CONTEXT="staging" is not a dependency context; it is ignored.

          Accepted: live, preview, test

        To fix:
          • Set AMBIENT_CONTEXT to one of the accepted values, or unset it to let Ambient detect the context.
        """
      ]
    }
  }

  @Test func anInvalidAmbientContextFallsThroughToSwiftDependenciesContext() {
    withKnownIssue {
      #expect(detect(["AMBIENT_CONTEXT": "", "SWIFT_DEPENDENCIES_CONTEXT": "preview"]) == .preview)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(#"AMBIENT_CONTEXT="" is not a dependency context"#) == true
    }
  }

  @Test func xcodePreviewsAreThePreviewContext() {
    #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "1"]) == .preview)
    #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "1"], testFrameworkLoaded: true) == .preview)
    #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "0"]) == .live)
  }

  @Test func anXCTestExecutableIsTheTestContext() {
    #expect(detect(arguments: Self.testArguments) == .test)
  }

  @Test func swiftTestingsFlagIsTheTestContext() {
    #expect(detect(arguments: ["/build/AmbientPackageTests", "--testing-library", "swift-testing"]) == .test)
  }

  @Test func xcodesTestRunnerIsTheTestContext() {
    #expect(detect(["XCTestConfigurationFilePath": "/tmp/config.xctestconfiguration"]) == .test)
    #expect(detect(["XCTestSessionIdentifier": "1"]) == .test)
  }

  @Test func aLoadedTestFrameworkIsTheTestContext() {
    #expect(detect(testFrameworkLoaded: true) == .test)
  }

  @Test func anythingElseIsLive() {
    #expect(detect() == .live)
    #expect(detect(["PATH": "/usr/bin"], arguments: ["/usr/bin/items", "--verbose"]) == .live)
  }

  @Test func thisTestProcessIsTheTestContext() {
    #expect(DependencyContext.detected == .test)
    @Dependency(\.context) var context
    #expect(context == .test)
  }

  @Test func theContextCanBeOverriddenAndReadBack() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.context) var context
      #expect(context == .preview)
    }
  }
}
