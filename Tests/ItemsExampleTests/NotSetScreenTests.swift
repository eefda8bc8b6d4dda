import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

/// A run that never installed `AppDependency` shows the command line's red "not set" screen:
/// one line, a non-zero exit, and no dependency used in its place.
// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite struct NotSetScreenTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: screenCommands)
  func withoutTheAggregateEveryCommandShowsTheNotSetScreenAndUsesNothingLive(command: [String]) async {
    let files = LockIsolated<[String]>([])
    let host = StubURLProtocol.host(replying: .status(200, body: Data("[]".utf8)))
    let fetches = LockIsolated(0)
    let writes = LockIsolated(0)
    let outcome = await withDependencies {
      // Live values, with their edges recorded: none may be reached.
      $0.context = .live
      $0.fileSystem = .recording(into: files)
      $0.urlSession = StubURLProtocol.session()
      $0.apiClient = APIClient(fetchItems: {
        fetches.withValue { $0 += 1 }
        return Item.samples
      })
      $0.database = countingDatabase(writes: writes)
    } operation: {
      await CommandRunner.run(
        arguments: command,
        environment: ["ITEMS_WITHOUT_APP_DEPENDENCY": "1", "ITEMS_API_URL": "https://\(host)/items.json"]
      )
    }
    #expect(outcome == CommandRunner.Outcome(errorOutput: "AppDependency is not set.", status: 1, isNotSetScreen: true))
    #expect(files.value == [])
    #expect(StubURLProtocol.requests(to: host) == [])
    #expect(fetches.value == 0)
    #expect(writes.value == 0)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theSameRunWithTheAggregateInstalledWorks() async {
    let outcome = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = .inMemory(favorites: ["2"])
    } operation: {
      await CommandRunner.run(arguments: ["show", "2"], environment: ["ITEMS_WITHOUT_APP_DEPENDENCY": "0"])
    }
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("Reading lamp\n"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func helpNeedsNoAggregate() async {
    let outcome = await CommandRunner.run(arguments: ["--help"], environment: ["ITEMS_WITHOUT_APP_DEPENDENCY": "1"])
    #expect(outcome == CommandRunner.Outcome(output: Usage.text))
    #expect(Usage.text.contains("ITEMS_WITHOUT_APP_DEPENDENCY=1"))
  }

  @Test func theLineIsWhiteOnRedOnATerminalAndPlainElsewhere() {
    let painted = NotSetScreen.paint("AppDependency is not set.", onTerminal: true)
    #expect(painted == "\u{1B}[1;37;41mAppDependency is not set.\u{1B}[0m")
    #expect(NotSetScreen.paint("AppDependency is not set.", onTerminal: false) == "AppDependency is not set.")
  }

  @Test func itIsShownInEveryBuildConfiguration() {
    let screen = NotSetScreen(missing: AppDependency.self)
    #expect(screen.fallback.isVisible)
    #expect(screen.fallback.text == "AppDependency is not set.")
  }

  /// The real process, as a user runs it: exactly one line on standard error (not a terminal
  /// here, so plain), nothing on standard output, exit status 1.
  @Test(oneMinuteLimit) func theProcessPrintsExactlyOneLineAndFails() throws {
    let items = try #require(builtItemsExecutable(), "the `items` executable is built beside the test bundle")
    let process = Process()
    process.executableURL = items
    process.arguments = ["show", "2"]
    var environment = ProcessInfo.processInfo.environment
    environment["ITEMS_WITHOUT_APP_DEPENDENCY"] = "1"
    environment["AMBIENT_CONTEXT"] = "live"
    process.environment = environment
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardOutput = output
    process.standardError = errorOutput
    try process.run()
    // Both outputs are a line at most, far below a pipe's buffer: reading after exit cannot block.
    process.waitUntilExit()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

    #expect(stderr == "AppDependency is not set.\n")
    #expect(stdout == "")
    #expect(process.terminationStatus == 1)
  }

  /// `items` in the build directory of this test bundle (SwiftPM builds it with the tests).
  private func builtItemsExecutable() -> URL? {
    let testBundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    let directories = [URL(fileURLWithPath: CommandLine.arguments[0])] + testBundles
    let candidates = directories.map { $0.deletingLastPathComponent().appendingPathComponent("items") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
