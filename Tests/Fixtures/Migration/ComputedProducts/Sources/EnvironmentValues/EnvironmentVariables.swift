import Dependencies
import DependenciesMacros
import Foundation

/// Reads the process's environment variables, so that tests can give their own.
@DependencyClient
public struct EnvironmentVariables: Sendable {
  public var value: @Sendable (_ name: String) -> String?
}

extension EnvironmentVariables: DependencyKey {
  public static let liveValue = EnvironmentVariables { ProcessInfo.processInfo.environment[$0] }
  public static let testValue = EnvironmentVariables()
}

extension DependencyValues {
  public var environmentVariables: EnvironmentVariables {
    get { self[EnvironmentVariables.self] }
    set { self[EnvironmentVariables.self] = newValue }
  }
}

/// The level the program logs at: `LOG_LEVEL`, or `info`.
public func logLevel() -> String {
  @Dependency(\.environmentVariables) var environment
  return environment.value(name: "LOG_LEVEL") ?? "info"
}
