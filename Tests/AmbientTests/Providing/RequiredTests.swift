import Ambient
import Testing

@Suite struct RequiredTests {
  @Test func resolveHandsOverTheInstalledValueWithoutCallingTheFallback() {
    let fallbackCalls = CallCounter()
    let required = Required(AppAggregate.named("mock"))

    let value = required.resolve {
      $0
    } fallback: {
      fallbackCalls.record()
      return AppAggregate.named("fallback")
    }

    #expect(value.apiClient.name == "mock API")
    #expect(fallbackCalls.value == 0)
  }

  @Test func resolveWithABodyBuildsFromTheInstalledValue() {
    let required = Required(AppAggregate.named("mock"))

    let screen = required.resolve {
      "detail using \($0.database.name)"
    } fallback: {
      "fallback"
    }

    #expect(screen == "detail using mock database")
  }

  @Test func aMissingValueIsReportedWithTypeContextAndFixThenTheFallbackIsUsed() {
    let required = DependencyValues.preview[AppAggregate.self]
    let bodyCalls = CallCounter()

    withKnownIssue {
      let screen = required.resolve(
        { _ in
          bodyCalls.record()
          return "detail"
        }, fallback: { "fallback" }, fileID: "Items/ItemListView.swift", filePath: "/Items/ItemListView.swift", line: 42
      )
      #expect(screen == "fallback")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        AppAggregate is not set: it was asked for in the preview context, but none was installed.

          Asked for at: Items/ItemListView.swift:42
          Required key: AppAggregate
          Context:      preview

        AppAggregate is a RequiredDependencyKey, so it has no default value: Ambient used the fallback instead of building a live one in its place.

        To fix:
          • Install it once at the app's root: prepareDependencies { $0.install(AppAggregate(…)) }, or .dependency(AppAggregate(…)) on the root view.
          • In a preview or a test, install one for that scope: withDependencies { $0.install(AppAggregate(…)) } operation: { … }.
        """
      ]
    }
    #expect(bodyCalls.value == 0)
  }

  @Test func checkingForAnInstallationReportsNothing() {
    let missing = DependencyValues.test[AppAggregate.self]
    let installed = Required(AppAggregate.named("mock"))

    #expect(!missing.isInstalled)
    #expect(missing.installedValue == nil)
    #expect(installed.isInstalled)
    #expect(installed.installedValue?.apiClient.name == "mock API")
  }

  @Test func copiesOfOneInstallationAreEqual() {
    var values = DependencyValues()
    values.install(AppAggregate.named("live"))
    let first = values[AppAggregate.self]
    let copy = first

    #expect(first == copy)
    #expect(values[AppAggregate.self] == first)
  }

  @Test func separatelyBuiltInstallationsAreNotEqualEvenWithTheSameClients() {
    let aggregate = AppAggregate.named("live")

    #expect(Required(aggregate) != Required(aggregate))
    #expect(Required(AppAggregate.named("live")) != Required(AppAggregate.named("live")))
  }

  @Test func reinstallingAfterADependencyChangesGivesANewIdentity() {
    var values = DependencyValues()
    values.install(AppAggregate.named("live"))
    let before = values[AppAggregate.self]

    let changed = AppAggregate(apiClient: NamedClient(name: "staging API"), database: before.installedValue!.database)
    values.install(changed)

    #expect(values[AppAggregate.self] != before)
    #expect(values[AppAggregate.self].installedValue?.apiClient.name == "staging API")
  }

  @Test func missingValuesAreEqualToEachOtherAndNotToAnInstallation() {
    let missing = DependencyValues.test[AppAggregate.self]

    #expect(missing == DependencyValues.live[AppAggregate.self])
    #expect(missing != Required(AppAggregate.named("live")))
  }
}
