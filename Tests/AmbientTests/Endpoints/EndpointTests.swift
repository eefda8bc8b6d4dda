import Ambient
import Testing

private struct Item: Equatable, Sendable { var id: Int }

private struct APIClient: Sendable {
  @Endpoint() var fetchItems: @Sendable () async throws -> [Item]
  @Endpoint(placeholder: 0) var count: @Sendable () -> Int
  @Endpoint() var track: @Sendable (String) -> Void
  @Endpoint(placeholder: false)
  var isReachable: @Sendable (String, Int) async -> Bool
  @Endpoint("Catalogue.search") var search: @Sendable (String, Int, Bool) throws -> [Item]
}

extension APIClient: DependencyKey {
  static let liveValue = APIClient(
    fetchItems: .init { [Item(id: 1)] },
    count: .init { 1 },
    track: .init { _ in },
    isReachable: .init { _, _ in true },
    search: .init { _, limit, _ in Array(repeating: Item(id: 9), count: limit) }
  )
  static let testValue = APIClient()
}

extension DependencyValues {
  fileprivate var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

private func headline(_ issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined().split(separator: "\n").first.map(String.init) ?? ""
}

@Suite struct EndpointTests {
  @Test func unimplementedThrowingEndpointReportsItsNameAndThrows() async {
    let client = APIClient()
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure.self) { try await client.fetchItems() }
    } matching: { headline($0) == "Unimplemented: APIClient.fetchItems" }
  }

  @Test func unimplementedEndpointReturnsTheDeclaredPlaceholder() async {
    let client = APIClient()
    withKnownIssue {
      #expect(client.count() == 0)
    } matching: { headline($0) == "Unimplemented: APIClient.count" }
    await withKnownIssue {
      #expect(await client.isReachable("host", 80) == false)
    } matching: { headline($0) == "Unimplemented: APIClient.isReachable" }
    withKnownIssue {
      client.track("tap")
    } matching: { headline($0) == "Unimplemented: APIClient.track" }
  }

  @Test func anExplicitNameIsReportedVerbatim() {
    withKnownIssue {
      #expect(throws: UnimplementedFailure.self) { try APIClient().search("a", 2, true) }
    } matching: { headline($0) == "Unimplemented: Catalogue.search" }
  }

  @Test func theFullMessageSaysWhereAndHowToFix() async {
    await withKnownIssue {
      _ = try? await APIClient().fetchItems()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        Unimplemented: APIClient.fetchItems

          Context: test

        This endpoint has no implementation in this context, so calling it is a mistake the test should see.

        To fix:
          • Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait.
        """
        && issue.sourceLocation?.fileName == "EndpointTests.swift"
    }
  }

  @Test func oneEndpointCanBeOverriddenInATest() async throws {
    try await withDependencies {
      $0.apiClient.fetchItems = { [Item(id: 7)] }
    } operation: { () async throws in
      @Dependency(\.apiClient) var client
      #expect(try await client.fetchItems() == [Item(id: 7)])
      // The others stay unimplemented.
      withKnownIssue { _ = client.count() } matching: { headline($0) == "Unimplemented: APIClient.count" }
    }
  }

  @Test func theMemberwiseInitialiserBuildsTheLiveValue() async throws {
    let live = APIClient.liveValue
    #expect(try await live.fetchItems() == [Item(id: 1)])
    #expect(live.count() == 1)
    #expect(await live.isReachable("host", 80))
    #expect(try live.search("a", 2, false) == [Item(id: 9), Item(id: 9)])
  }

  @Test func memberwiseArgumentsThatAreLeftOutStayUnimplemented() {
    let partial = APIClient(count: .init { 3 })
    #expect(partial.count() == 3)
    withKnownIssue { partial.track("x") } matching: { headline($0) == "Unimplemented: APIClient.track" }
  }
}
