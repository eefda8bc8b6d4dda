import Ambient
import AmbientTestSupport
import Testing

/// Overriding part of a dependency reads it first; that read is not the test reaching it.
@Suite struct DependencyValuesUpdatingTests {
  struct LiveOnlyClient: DependencyKey, Sendable {
    var fetch: @Sendable () -> Int
    static let liveValue = LiveOnlyClient(fetch: { 1 })
  }

  @Test func overridingOneEndpointOfAKeyWithoutATestValueReportsNothing() {
    withDependencies {
      $0.liveOnlyClient.fetch = { 2 }
    } operation: {
      @Dependency(\.liveOnlyClient) var client
      #expect(client.fetch() == 2)
    }
  }

  @Test(oneMinuteLimit) func overridingOneEndpointAsynchronouslyReportsNothing() async {
    await withDependencies {
      await Task.yield()  // picks the asynchronous form
      $0.liveOnlyClient.fetch = { 3 }
    } operation: {
      @Dependency(\.liveOnlyClient) var client
      #expect(client.fetch() == 3)
    }
  }

  @Test func readingTheWholeDependencyOutsideTheChangeStillReports() {
    withKnownIssue {
      @Dependency(\.liveOnlyClient) var client
      _ = client.fetch()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"@Dependency(\.liveOnlyClient) has no test implementation, but was read in the test context."#
      ) == true
    }
  }

  @Test func preparingOneEndpointReportsNothingAndIsKept() {
    prepareDependencies { $0.liveOnlyClient.fetch = { 4 } }
    @Dependency(\.liveOnlyClient) var client
    #expect(client.fetch() == 4)
  }
}

extension DependencyValues {
  fileprivate var liveOnlyClient: DependencyValuesUpdatingTests.LiveOnlyClient {
    get { self[DependencyValuesUpdatingTests.LiveOnlyClient.self] }
    set { self[DependencyValuesUpdatingTests.LiveOnlyClient.self] = newValue }
  }
}
