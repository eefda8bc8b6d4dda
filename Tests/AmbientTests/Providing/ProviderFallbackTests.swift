import Ambient
import Testing

@Suite struct ProviderFallbackTests {
  @Test func aVisibleFallbackShowsTheTypeThatIsNotSet() {
    let fallback = ProviderFallback(missing: AppAggregate.self, isVisible: true)

    #expect(fallback.isVisible)
    #expect(fallback.text == "AppAggregate is not set.")
    #expect(fallback.typeName == "AppAggregate")
  }

  @Test func anInvisibleFallbackShowsNothing() {
    let fallback = ProviderFallback(missing: AppAggregate.self, isVisible: false)

    #expect(!fallback.isVisible)
  }

  @Test func theTextNamesWhicheverTypeIsMissing() {
    let fallback = ProviderFallback(missing: NamedClient.self, isVisible: true)

    #expect(fallback.text == "NamedClient is not set.")
  }

  @Test func byDefaultItIsVisibleExactlyWhenAmbientIsADebugBuild() {
    let fallback = ProviderFallback(missing: AppAggregate.self)

    #expect(fallback.isVisible == ProviderFallback.isAmbientDebugBuild)
    #if DEBUG
    #expect(ProviderFallback.isAmbientDebugBuild)
    #else
    #expect(!ProviderFallback.isAmbientDebugBuild)
    #endif
  }
}
