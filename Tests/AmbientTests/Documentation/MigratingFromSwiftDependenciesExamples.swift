// Mirrors the examples of Ambient.docc/Articles/MigratingFromSwiftDependencies.md.
// Exempt: the "Before" snippet, which uses swift-dependencies' `@DependencyClient` macro, and
// the cycle message, which is reported just before the process stops (it cannot run in a test).
import Ambient
import AmbientTesting
import Testing

enum MigratingFromSwiftDependenciesExamples {
  struct Item: Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: Sendable {
    var fetchItems: @Sendable () async throws -> [Item] = unimplemented("APIClient.fetchItems")
    var count: @Sendable () -> Int = unimplemented("APIClient.count", placeholder: 0)
  }
}

extension MigratingFromSwiftDependenciesExamples.APIClient: DependencyKey {
  static let liveValue = Self(
    fetchItems: { [MigratingFromSwiftDependenciesExamples.Item(id: 1, name: "Kettle")] },
    count: { 1 }
  )
  static let testValue = Self()
}

extension DependencyValues {
  fileprivate var apiClient: MigratingFromSwiftDependenciesExamples.APIClient {
    get { self[MigratingFromSwiftDependenciesExamples.APIClient.self] }
    set { self[MigratingFromSwiftDependenciesExamples.APIClient.self] = newValue }
  }
}

@Suite struct MigratingFromSwiftDependenciesExamplesTests {
  typealias Example = MigratingFromSwiftDependenciesExamples

  @Test func theNoArgumentInitialiserLeavesEveryEndpointUnimplemented() async {
    let client = Example.APIClient()
    await withKnownIssue {
      _ = try? await client.fetchItems()
    } matching: { $0.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true }
    withKnownIssue {
      #expect(client.count() == 0)
    } matching: { $0.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.count") == true }
  }

  @Test func theLiveValueIsBuiltWithTheMemberwiseInitialiser() async throws {
    let live = Example.APIClient.liveValue
    #expect(try await live.fetchItems() == [Example.Item(id: 1, name: "Kettle")])
    #expect(live.count() == 1)
  }

  @Test(.dependency(\.apiClient.count, { 3 }))
  func assigningAClosureOverridesOneEndpoint() {
    @Dependency(\.apiClient) var apiClient
    #expect(apiClient.count() == 3)
  }
}
