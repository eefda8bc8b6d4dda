import Ambient
import Testing

@Suite struct ProviderFallbackTests {
  @Test func aDebugBuildShowsTheTypeThatIsNotSet() {
    let fallback = ProviderFallback(missing: AppAggregate.self, isDebugBuild: true)

    #expect(fallback.isVisible)
    #expect(fallback.text == "AppAggregate is not set.")
    #expect(fallback.typeName == "AppAggregate")
  }

  @Test func aReleaseBuildShowsNothing() {
    let fallback = ProviderFallback(missing: AppAggregate.self, isDebugBuild: false)

    #expect(!fallback.isVisible)
  }

  @Test func theTextNamesWhicheverTypeIsMissing() {
    let fallback = ProviderFallback(missing: NamedClient.self, isDebugBuild: true)

    #expect(fallback.text == "NamedClient is not set.")
  }
}
