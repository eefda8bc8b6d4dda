import Testing

@testable import Ambient

/// What a test process that does not link `AmbientTesting` is told (once, on standard error,
/// the first time a test value is read). The text is API: it names the fix.
@Suite struct MissingTestSupportTests {
  @Test func messageNamesTheProductToAdd() {
    #expect(
      IssueMessage.missingTestSupport.description == """
        Ambient: this test process does not link AmbientTesting, so every test shares one set of default dependency values.

        Without it, Ambient cannot tell when one test ends and the next begins, and cannot record failures in Swift Testing.

        To fix:
          • Add .product(name: "AmbientTesting", package: "Ambient") to the dependencies of your test target.
        """
    )
  }

  @Test func linkingAmbientTestingInstallsItsHooksBeforeTheFirstTest() {
    #expect(TestObservation.isTestSupportLinked)
  }
}
