import Ambient
import AmbientTestSupport
import Foundation
import Testing

@testable import ItemsExample

/// The built `items` executable run as child processes, the way people and scripts run it:
/// many at once on one store, with standard streams nobody can write to, and against servers
/// that misbehave.
@Suite(oneMinuteLimit)
struct ItemsProcessTests {
  @Test func concurrentFavouritesOnOneStoreLoseNothing() async throws {
    try await withTemporaryDirectory { directory async throws in
      let ids = (1...20).map(String.init)
      let catalogue = directory.appendingPathComponent("catalogue.json")
      try catalogueJSON(ids.map { Item(id: $0, name: "Item \($0)", summary: "") }).write(to: catalogue)
      let store = directory.appendingPathComponent("store/favorites.json")
      let results = try await withThrowingTaskGroup(of: ItemsProcess.Result.self) { group in
        for id in ids {
          group.addTask {
            try await ItemsProcess(
              arguments: ["favorite", id, "on", "--store", store.path],
              environment: ["ITEMS_API_URL": catalogue.absoluteString]
            ).run()
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      for result in results {
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("Set: ★ Item "))
      }
      let favorites = try withDependenciesOnDisk { try Database.file(at: store).favorites() }
      #expect(favorites == Set(ids))
      #expect(try contents(of: store.deletingLastPathComponent()) == [".favorites.json.lock", "favorites.json"])
    }
  }

  @Test(arguments: [ItemsProcess.Stream.closed, .file("/dev/full"), .brokenPipe])
  func anUnwritableStandardErrorNeverCrashes(stream: ItemsProcess.Stream) async throws {
    let result = try await ItemsProcess(arguments: ["show", "no-such-item"], errorOutput: stream).run()
    #expect(result.signal == nil)
    #expect(result.status == 1)
  }

  @Test(arguments: [(ItemsProcess.Stream.closed, EBADF), (.file("/dev/full"), ENOSPC)])
  func outputThatCannotBeWrittenIsAFailureSaidInOneLine(stream: ItemsProcess.Stream, code: Int32) async throws {
    for arguments in [["--help"], []] {
      let result = try await ItemsProcess(arguments: arguments, output: stream).run()
      #expect(result.signal == nil)
      #expect(result.status == 1)
      let reason = FailureReason.posix(code).description
      #expect(result.errorOutput == "items: error: \(ItemsError.outputUnwritable(reason: reason))\n")
    }
  }

  @Test func aReaderThatLeftFailsTheRunWithoutAMessage() async throws {
    let result = try await ItemsProcess(arguments: ["--help"], output: .brokenPipe).run()
    #expect(result.signal == nil)
    #expect(result.status == 1)
    #expect(result.errorOutput == "")
  }

  @Test func bothStreamsUnwritableStillGiveTheExitStatus() async throws {
    let result = try await ItemsProcess(arguments: ["frobnicate"], output: .closed, errorOutput: .brokenPipe).run()
    #expect(result.signal == nil)
    #expect(result.status == 2)
  }

  @Test(arguments: ["AMBIENT_CONTEXT", "SWIFT_DEPENDENCIES_CONTEXT"])
  func theTestContextIsExplainedInOneLine(variable: String) async throws {
    let result = try await ItemsProcess(arguments: [], environment: [variable: "test"]).run()
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.errorOutput == """
        items: error: \(variable)=test asks for test values, which only exist inside tests; \
        unset it to run on live values, or use --preview for sample data

        """)
  }

  @Test func theTimeoutOptionEndsALoadFromASilentServer() async throws {
    let server = try LoopbackServer(.silent)
    defer { server.stop() }
    let result = try await ItemsProcess(
      arguments: ["--timeout", "0.5"], environment: ["ITEMS_API_URL": server.url.absoluteString]
    ).run()
    #expect(result.status == 1)
    #expect(
      result.errorOutput
        == "items: error: \(ItemsError.catalogueTimedOut(source: server.url.absoluteString, seconds: 0.5))\n")
  }

  @Test func theTimeoutVariableEndsALoadFromADripFedServer() async throws {
    let server = try LoopbackServer(.drip(interval: 0.05))
    defer { server.stop() }
    let result = try await ItemsProcess(
      arguments: [], environment: ["ITEMS_API_URL": server.url.absoluteString, "ITEMS_TIMEOUT": "0.5"]
    ).run()
    #expect(result.status == 1)
    #expect(
      result.errorOutput
        == "items: error: \(ItemsError.catalogueTimedOut(source: server.url.absoluteString, seconds: 0.5))\n")
  }

  @Test func aSlowLoadSaysSoOnATerminal() async throws {
    let server = try LoopbackServer(.silent)
    defer { server.stop() }
    let source = server.url.absoluteString
    let result = try await ItemsProcess(
      arguments: ["--timeout", "1.5"], environment: ["ITEMS_API_URL": source], errorOutput: .terminal
    ).run()
    #expect(result.status == 1)
    // A terminal ends lines with \r\n.
    #expect(
      result.errorOutput.components(separatedBy: "\r\n") == [
        "items: still loading the catalogue from \(source) (gives up after 1.5 s)…",
        "items: error: \(ItemsError.catalogueTimedOut(source: source, seconds: 1.5))",
        "",
      ])
  }

  @Test func aSlowLoadSaysNothingExtraWhenStandardErrorIsNotATerminal() async throws {
    let server = try LoopbackServer(.silent)
    defer { server.stop() }
    let source = server.url.absoluteString
    let result = try await ItemsProcess(arguments: ["--timeout", "1.5"], environment: ["ITEMS_API_URL": source]).run()
    #expect(result.status == 1)
    #expect(result.errorOutput == "items: error: \(ItemsError.catalogueTimedOut(source: source, seconds: 1.5))\n")
  }

  @Test func theSizeOptionEndsAnEndlessBody() async throws {
    let server = try LoopbackServer(.endless)
    defer { server.stop() }
    let result = try await ItemsProcess(
      arguments: ["--max-size=64K"], environment: ["ITEMS_API_URL": server.url.absoluteString]
    ).run()
    #expect(result.status == 1)
    #expect(
      result.errorOutput
        == "items: error: \(ItemsError.catalogueTooLarge(source: server.url.absoluteString, limit: 64 << 10))\n")
  }

  private func withDependenciesOnDisk<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0.fileSystem = .liveValue
    } operation: {
      try body()
    }
  }
}
