import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

/// Bad input of every kind: one `items: error:` line, a non-zero status, and a store that is
/// never corrupted.
// Each test carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite(oneMinuteLimit) struct CommandRunnerBadInputTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownIDIsAnErrorAndWritesNothing() async {
    let writes = LockIsolated(0)
    let outcomes = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = countingDatabase(writes: writes)
    } operation: {
      [await run("show", "42"), await run("favorite", "42")]
    }
    for outcome in outcomes {
      expectFailure(outcome, "no item with ID '42'; run 'items' to list them")
    }
    #expect(writes.value == 0)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownCommandIsAUsageError() async {
    expectFailure(
      await run("frobnicate"), status: 2, "unknown command 'frobnicate'; run 'items --help' for the commands")
    expectFailure(
      await run("--frobnicate"), status: 2, "unknown option '--frobnicate'; run 'items --help' for the options")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownGraphFormatIsAUsageError() async {
    expectFailure(
      await run("--preview", "--dependency-graph", "svg"), status: 2,
      "--dependency-graph 'svg' is not mermaid, dot or text")
    expectFailure(
      await run("--dependency-graph=", "list"), status: 2,
      "'items --dependency-graph' needs a format: mermaid, dot or text")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aMalformedStoreIsAnErrorAndStaysAsItWas() async throws {
    try await withTemporaryDirectory { directory async throws in
      let store = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": [1, 2]}", to: store)
      let outcome = await withDependencies {
        $0.apiClient = catalogue()
        $0.fileSystem = .liveValue
      } operation: {
        await run("favorite", "1", "--store", store.path)
      }
      expectFailure(
        outcome,
        "the favourites store at \(store.path) is not valid (expected a string at .favorites[0]); it was left untouched"
      )
      #expect(try text(at: store) == "{\"favorites\": [1, 2]}")
      #expect(try contents(of: directory) == ["favorites.json"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnreadableStoreIsAnError() async throws {
    try await withTemporaryDirectory { directory async throws in
      let outcome = await withDependencies {
        $0.apiClient = catalogue()
        $0.fileSystem = .liveValue
      } operation: {
        await run("--store", directory.path)
      }
      expectFailure(outcome, "cannot read the favourites store at \(directory.path): it is a directory")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aMalformedCatalogueIsAnError() async throws {
    try await withTemporaryDirectory { directory async throws in
      let file = directory.appendingPathComponent("catalogue.json")
      try write("[{\"id\": \"1\"}]", to: file)
      let outcome = await withDependencies {
        $0.fileSystem = .liveValue
        $0.database = .inMemory()
      } operation: {
        await run(environment: ["ITEMS_API_URL": file.absoluteString])
      }
      expectFailure(outcome, "the catalogue from \(file.path) is not valid (missing 'name' at [0])")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnreachableURLIsAnError() async {
    let host = StubURLProtocol.host(replying: .failure(.cannotConnectToHost))
    let outcome = await withDependencies {
      $0.urlSession = StubURLProtocol.session()
      $0.continuousClock = TestClock()
      $0.database = .inMemory()
    } operation: {
      await run("show", "1", environment: ["ITEMS_API_URL": "http://\(host)/items.json"])
    }
    #expect(outcome.status == 1)
    #expect(outcome.errorOutput.hasPrefix("items: error: cannot load the catalogue from http://\(host)/items.json: "))
    #expect(!outcome.errorOutput.contains("\n"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anInvalidCatalogueURLIsAnError() async {
    expectFailure(
      await run(environment: ["ITEMS_API_URL": "ftp://example.com/items.json"]),
      "ITEMS_API_URL 'ftp://example.com/items.json' is not an http, https or file URL"
    )
  }
}
