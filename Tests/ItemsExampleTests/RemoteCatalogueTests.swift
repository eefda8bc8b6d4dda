import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The http(s) catalogue against a real server on 127.0.0.1 that misbehaves on purpose: every
/// load ends, in time and in bounded memory, with an error that says what to change.
@Suite(oneMinuteLimit)
struct RemoteCatalogueTests {
  /// Loads from `server` with a real session and clock; a slow-load note goes nowhere.
  private func load(from server: LoopbackServer, timeout: Double = 30, maxSize: Int = 16 << 20) async throws -> [Item] {
    try await withDependencies {
      $0.urlSession = URLSession(configuration: .ephemeral)
      $0.continuousClock = ContinuousClock()
      $0.console = Console(note: { _ in })
    } operation: {
      try await APIClient.live(from: .remote(server.url), limits: CatalogueLimits(timeout: timeout, maxSize: maxSize))
        .fetchItems()
    }
  }

  @Test func aCatalogueWithinTheLimitsLoads() async throws {
    let server = try LoopbackServer(.answer(status: 200, body: try catalogueJSON()))
    defer { server.stop() }
    #expect(try await load(from: server) == Item.samples)
    #expect(server.requests == 1)
  }

  @Test func anHTTPErrorStatusIsReported() async throws {
    let server = try LoopbackServer(.answer(status: 503, body: Data("busy".utf8)))
    defer { server.stop() }
    await #expect(
      throws: ItemsError.catalogueUnreachable(source: server.url.absoluteString, reason: "the server answered HTTP 503")
    ) {
      try await load(from: server)
    }
  }

  @Test(arguments: [
    LoopbackServer.Behaviour.silent, .stallAfterHeaders, .drip(interval: 0.02), .declaring(length: 1000),
  ])
  func aServerThatNeverFinishesIsTimedOut(behaviour: LoopbackServer.Behaviour) async throws {
    let server = try LoopbackServer(behaviour)
    defer { server.stop() }
    await #expect(throws: ItemsError.catalogueTimedOut(source: server.url.absoluteString, seconds: 0.5)) {
      try await load(from: server, timeout: 0.5)
    }
  }

  @Test func anEndlessBodyStopsAtTheSizeLimit() async throws {
    let server = try LoopbackServer(.endless)
    defer { server.stop() }
    // The timeout is far away: only the size limit can end this load in time.
    await #expect(throws: ItemsError.catalogueTooLarge(source: server.url.absoluteString, limit: 256 << 10)) {
      try await load(from: server, timeout: 600, maxSize: 256 << 10)
    }
  }

  @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
    let server = try LoopbackServer(.declaring(length: 1 << 30))
    defer { server.stop() }
    await #expect(throws: ItemsError.catalogueTooLarge(source: server.url.absoluteString, limit: 16 << 20)) {
      try await load(from: server, timeout: 600)
    }
  }

  @Test func theErrorsSayWhatToChange() {
    let source = "http://127.0.0.1:8080/items.json"
    #expect(
      ItemsError.catalogueTimedOut(source: source, seconds: 30).description == """
        the catalogue from \(source) did not arrive within 30 s; give it longer with --timeout SECONDS or ITEMS_TIMEOUT
        """)
    #expect(
      ItemsError.catalogueTooLarge(source: source, limit: 16 << 20).description == """
        the catalogue from \(source) is larger than 16 MB; raise the limit with --max-size BYTES if it is meant to be
        """)
  }

  /// The default timeout and the slow-load note, on a test clock: no waiting for 30 s.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aSlowLoadIsNotedAfterASecondAndGivenUpAfterThirty() async throws {
    let server = try LoopbackServer(.silent)
    defer { server.stop() }
    let clock = TestClock()
    let notes = LockIsolated<[String]>([])
    let load = withDependencies {
      $0.urlSession = URLSession(configuration: .ephemeral)
      $0.continuousClock = clock
      $0.console = Console(note: { line in notes.withValue { $0.append(line) } })
    } operation: {
      Task { try await APIClient.live(from: .remote(server.url)).fetchItems() }
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .milliseconds(999))
    #expect(notes.value == [])
    await clock.advance(by: .milliseconds(1))
    #expect(
      notes.value == [
        "items: still loading the catalogue from \(server.url.absoluteString) (gives up after 30 s)…"
      ])
    await clock.advance(by: .seconds(29))
    await #expect(throws: ItemsError.catalogueTimedOut(source: server.url.absoluteString, seconds: 30)) {
      try await load.value
    }
    #expect(notes.value.count == 1)
  }
}
