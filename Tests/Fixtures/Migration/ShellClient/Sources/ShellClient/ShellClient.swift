@_exported import Dependencies
import XCTestDynamicOverlay

/// Runs shell commands; tests give their own.
public struct ShellClient: Sendable {
  public var run: @Sendable (_ command: String) throws -> String
  public var environment: @Sendable () -> [String: String]

  public init(
    run: @escaping @Sendable (_ command: String) throws -> String,
    environment: @escaping @Sendable () -> [String: String]
  ) {
    self.run = run
    self.environment = environment
  }
}

extension ShellClient: TestDependencyKey {
  public static let testValue = ShellClient(
    run: XCTestDynamicOverlay.unimplemented("ShellClient.run"),
    environment: XCTestDynamicOverlay.unimplemented(placeholder: [:])
  )
}

extension DependencyValues {
  public var shellClient: ShellClient {
    get { self[ShellClient.self] }
    set { self[ShellClient.self] = newValue }
  }
}

/// The current branch of the repository the program runs in.
func currentBranch() throws -> String {
  @Dependency(\.shellClient) var shell
  return try shell.run("git rev-parse --abbrev-ref HEAD")
}
