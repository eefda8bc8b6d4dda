import Dependencies
import Feed
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Test func streamsEveryHeadline() async {
  var titles: [String] = []
  for await title in Feed().headlines(["a", "b"]) { titles.append(title) }
  #expect(titles == ["a", "b"])
}

@Test func erasesToAThrowingStream() async throws {
  var titles: [String] = []
  for try await title in Feed().throwingHeadlines(["c"]) { titles.append(title) }
  #expect(titles == ["c"])
}

@Test func readsTheSessionInScope() {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.identifier = "fixture"
  let feed = Dependencies.withDependencies {
    $0.urlSession = URLSession(configuration: configuration)
  } operation: {
    Feed()
  }
  #expect(feed.sessionConfigurationIdentifier == "fixture")
}
