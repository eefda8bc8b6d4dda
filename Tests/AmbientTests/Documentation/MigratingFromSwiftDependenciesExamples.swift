// Mirrors the examples of Ambient.docc/Articles/MigratingFromSwiftDependencies.md.
// Exempt: the "Before" snippet, which uses swift-dependencies' `@DependencyClient` macro; the
// cycle message, which is reported just before the process stops (it cannot run in a test); the
// scoped imports of ConcurrencyExtras and IssueReporting, which Tests/ClashingNamesTests make
// against a fixture module with those names instead; and the manifest snippet.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing

enum MigratingFromSwiftDependenciesExamples {
  struct Item: Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item]
    var count: @Sendable () -> Int
  }

  protocol Analytics: Sendable {
    func track(_ event: String)
  }

  final class MockAnalytics: Analytics {
    let events = LockIsolated<[String]>([])
    func track(_ event: String) { events.withValue { $0.append(event) } }
  }

  enum AnalyticsKey: TestDependencyKey {
    static var testValue: any Analytics { MockAnalytics() }
  }

  final class CheckoutModel {
    @Dependency(\.analytics) var analytics
    func buy() { analytics.track("buy") }
  }
}

nonisolated extension MigratingFromSwiftDependenciesExamples.APIClient {
  static let liveValue = Self(
    fetchItems: { [MigratingFromSwiftDependenciesExamples.Item(id: 1, name: "Kettle")] },
    count: { 1 }
  )
  static let testValue = Self(
    fetchItems: unimplemented("APIClient.fetchItems"),
    count: unimplemented("APIClient.count", placeholder: 0)
  )
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: MigratingFromSwiftDependenciesExamples.APIClient {
    get { self[MigratingFromSwiftDependenciesExamples.APIClient.self] }
    set { self[MigratingFromSwiftDependenciesExamples.APIClient.self] = newValue }
  }

  fileprivate var analytics: any MigratingFromSwiftDependenciesExamples.Analytics {
    get { self[MigratingFromSwiftDependenciesExamples.AnalyticsKey.self] }
    set { self[MigratingFromSwiftDependenciesExamples.AnalyticsKey.self] = newValue }
  }
}

@Suite struct MigratingFromSwiftDependenciesExamplesTests {
  typealias Example = MigratingFromSwiftDependenciesExamples

  @Test(oneMinuteLimit) func theTestValueLeavesEveryEndpointUnimplemented() async {
    let client = Example.APIClient.testValue
    await withKnownIssue {
      _ = try? await client.fetchItems()
    } matching: {
      $0.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true
    }
    withKnownIssue {
      #expect(client.count() == 0)
    } matching: {
      $0.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.count") == true
    }
  }

  @Test(oneMinuteLimit) func theLiveValueIsBuiltWithTheMemberwiseInitialiser() async throws {
    let live = Example.APIClient.liveValue
    #expect(try await live.fetchItems() == [Example.Item(id: 1, name: "Kettle")])
    #expect(live.count() == 1)
  }

  @Test(.dependency(\.apiClient.count, { 3 }))
  func aTraitOverridesOneEndpoint() {
    @Dependency(\.apiClient) var apiClient
    #expect(apiClient.count() == 3)
  }

  @Test func withDependenciesOverridesOneEndpoint() {
    withDependencies {
      $0.apiClient.count = { 3 }
    } operation: {
      @Dependency(\.apiClient) var apiClient
      #expect(apiClient.count() == 3)
    }
  }

  @Test(.dependency(\.analytics, MigratingFromSwiftDependenciesExamples.MockAnalytics()))
  func buyingTracksAnEvent() {
    Example.CheckoutModel().buy()
    @Dependency(\.analytics, as: Example.MockAnalytics.self) var analytics
    #expect(analytics.events.value == ["buy"])
  }

  @Test(oneMinuteLimit) func forgettingTheClientIsReported() async {
    await withExpectedIssue {
      _ = try? await Example.APIClient.testValue.fetchItems()
    }
  }
}
