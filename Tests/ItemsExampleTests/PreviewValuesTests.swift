import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

/// Preview values never touch the disk or the network: every command runs with a file system
/// and a URL session that record whatever reaches them, and nothing does.
// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite(oneMinuteLimit) struct PreviewValuesTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: screenCommands)
  func previewFlagUsesNoFileOrNetwork(command: [String]) async {
    await expectNoAccess(arguments: command + ["--preview"], environment: [:])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: screenCommands)
  func contextVariableUsesNoFileOrNetwork(command: [String]) async {
    await expectNoAccess(arguments: command, environment: ["AMBIENT_CONTEXT": "preview"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theDependencyGraphOfAPreviewUsesNoFileOrNetwork() async {
    await expectNoAccess(arguments: ["--preview", "--dependency-graph", "mermaid"], environment: [:])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func previewValuesShowTheSamples() async {
    let outcome = await CommandRunner.run(arguments: ["--preview"], environment: [:])
    // Default values are fresh in each test, so the `favorite` runs of the tests above (and
    // of parallel ones) cannot have changed the preview store's one favourite.
    #expect(
      outcome
        == CommandRunner.Outcome(
          output: """
              1  Oak desk
            ★ 2  Reading lamp
              3  Wool rug

            3 items, ★ = favourite. Run 'items show ID' for details.
            """))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func expectNoAccess(arguments: [String], environment: [String: String]) async {
    let files = LockIsolated<[String]>([])
    let host = StubURLProtocol.host(replying: .status(200, body: Data("[]".utf8)))
    var environment = environment
    // A catalogue URL that preview values must ignore.
    environment["ITEMS_API_URL"] = "https://\(host)/items.json"
    let outcome = await withDependencies {
      $0.fileSystem = .recording(into: files)
      $0.urlSession = StubURLProtocol.session()
    } operation: {
      await CommandRunner.run(arguments: arguments, environment: environment)
    }
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(files.value == [])
    #expect(StubURLProtocol.requests(to: host) == [])
  }
}
