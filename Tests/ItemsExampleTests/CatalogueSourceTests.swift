import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

/// The live catalogue client, fed from files in a directory each test owns and from a stubbed
/// URL session: nothing leaves the process.
@Suite struct CatalogueSourceTests {
  /// A stubbed session, and a clock that never moves: no deadline or note interferes.
  private func stubbed(_ values: inout DependencyValues) {
    values.urlSession = StubURLProtocol.session()
    values.continuousClock = TestClock()
  }

  @Test func theBundledCatalogueIsAValidCatalogue() async throws {
    let items = try await withDependencies {
      $0.fileSystem = .liveValue
    } operation: {
      try await APIClient.live(from: .bundled).fetchItems()
    }
    #expect(!items.isEmpty)
    #expect(Set(items.map(\.id)).count == items.count)
  }

  @Test func aFileURLIsReadThroughTheFileSystem() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("catalogue.json")
      try catalogueJSON().write(to: url)
      let items = try await withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        try await APIClient.live(from: .file(url)).fetchItems()
      }
      #expect(items == Item.samples)
    }
  }

  @Test func anHTTPURLIsFetchedWithTheURLSession() async throws {
    let host = StubURLProtocol.host(replying: .status(200, body: try catalogueJSON()))
    let url = URL(string: "https://\(host)/items.json")!
    let items = try await withDependencies {
      stubbed(&$0)
    } operation: {
      try await APIClient.live(from: .remote(url)).fetchItems()
    }
    #expect(items == Item.samples)
    #expect(StubURLProtocol.requests(to: host) == [url.absoluteString])
  }

  @Test func anUnreachableServerIsReported() async throws {
    let host = StubURLProtocol.host(replying: .failure(.cannotConnectToHost))
    let url = URL(string: "http://\(host)/items.json")!
    await withDependencies {
      stubbed(&$0)
    } operation: {
      await #expect {
        try await APIClient.live(from: .remote(url)).fetchItems()
      } throws: { error in
        guard case .catalogueUnreachable(let source, _) = error as? ItemsError else { return false }
        return source == url.absoluteString
      }
    }
  }

  @Test func anHTTPErrorStatusIsReported() async throws {
    let host = StubURLProtocol.host(replying: .status(404, body: Data("not found".utf8)))
    let url = URL(string: "https://\(host)/items.json")!
    await withDependencies {
      stubbed(&$0)
    } operation: {
      await #expect(
        throws: ItemsError.catalogueUnreachable(source: url.absoluteString, reason: "the server answered HTTP 404")
      ) {
        try await APIClient.live(from: .remote(url)).fetchItems()
      }
    }
  }

  @Test func aMissingFileIsReported() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("nothing.json")
      await withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        await #expect(throws: ItemsError.catalogueUnreachable(source: url.path, reason: "no such file")) {
          try await APIClient.live(from: .file(url)).fetchItems()
        }
      }
    }
  }

  @Test func aFileOverTheSizeLimitIsRefused() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("catalogue.json")
      try catalogueJSON().write(to: url)
      await withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        await #expect(throws: ItemsError.catalogueTooLarge(source: url.path, limit: 100)) {
          try await APIClient.live(from: .file(url), limits: CatalogueLimits(maxSize: 100)).fetchItems()
        }
      }
    }
  }

  /// A "file" that never ends stops at the limit instead of filling memory.
  @Test(oneMinuteLimit) func anEndlessFileStopsAtTheSizeLimit() async throws {
    let url = URL(fileURLWithPath: "/dev/zero")
    await withDependencies {
      $0.fileSystem = .liveValue
    } operation: {
      await #expect(throws: ItemsError.catalogueTooLarge(source: url.path, limit: 1 << 20)) {
        try await APIClient.live(from: .file(url), limits: CatalogueLimits(maxSize: 1 << 20)).fetchItems()
      }
    }
  }

  @Test(arguments: [
    ("{\"items\": []}", "expected a list at the top level"),
    ("[{\"id\": \"1\", \"name\": \"Desk\"}]", "missing 'summary' at [0]"),
    ("[{\"id\": 1, \"name\": \"Desk\", \"summary\": \"\"}]", "expected a string at [0].id"),
    ("[oops", "not valid JSON"),
    (
      "[{\"id\": \"1\", \"name\": \"A\", \"summary\": \"\"}, {\"id\": \"1\", \"name\": \"B\", \"summary\": \"\"}]",
      "item ID '1' appears twice"
    ),
  ])
  func aMalformedCatalogueSaysWhatIsWrong(json: String, reason: String) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("catalogue.json")
      try write(json, to: url)
      await withDependencies {
        $0.fileSystem = .liveValue
      } operation: {
        await #expect(throws: ItemsError.catalogueMalformed(source: url.path, reason: reason)) {
          try await APIClient.live(from: .file(url)).fetchItems()
        }
      }
    }
  }
}
