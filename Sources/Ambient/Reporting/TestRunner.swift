import Foundation

/// The traces test runners leave on a process they start: its executable and arguments, and
/// the environment variables Xcode sets. Read without the detected context, because reporting
/// must work while the context is still being detected.
struct TestRunner {
  let environment: [String: String]
  let arguments: [String]

  /// This process's traces.
  static var current: TestRunner {
    TestRunner(environment: ProcessInfo.processInfo.environment, arguments: CommandLine.arguments)
  }

  /// Whether a test runner started this process: `swift test` or Xcode, for XCTest or Swift Testing.
  var isTestProcess: Bool {
    // Xcode's runner sets these for XCTest and Swift Testing alike.
    let xcodeVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
    return isXCTestExecutable || runsSwiftTesting || xcodeVariables.contains { environment[$0] != nil }
  }

  /// Whether XCTest is running this process's tests (and Swift Testing's pass of the same
  /// bundle is not).
  var isXCTest: Bool {
    guard !runsSwiftTesting else { return false }
    return isXCTestExecutable
      || environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil
  }

  /// Linux: `swift test` runs `<Package>PackageTests.xctest`; Apple: the `xctest` tool.
  private var isXCTestExecutable: Bool {
    let executable = arguments.first ?? ""
    return executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest")
  }

  /// Swift Testing's pass over a test bundle passes `--testing-library swift-testing`.
  private var runsSwiftTesting: Bool { arguments.contains("--testing-library") }
}
