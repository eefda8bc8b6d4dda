import Dependencies
import XCTestDynamicOverlay

/// Says hello to a name, in a language a dependency chooses.
public struct Greeting: Sendable {
  public var phrase: @Sendable (String) -> String

  public init(phrase: @Sendable @escaping (String) -> String) {
    self.phrase = phrase
  }
}

extension Greeting: DependencyKey {
  public static let liveValue = Greeting { "Hello, \($0)!" }
  public static let testValue = Greeting { name in
    XCTFail("Greeting.phrase is unimplemented (called with \(name))")
    return ""
  }
}

extension DependencyValues {
  public var greeting: Greeting {
    get { self[Greeting.self] }
    set { self[Greeting.self] = newValue }
  }
}

/// Greets the guests of a party.
public struct Host: Sendable {
  @Dependency(\.greeting) var greeting

  public init() {}

  /// Whether this is a test run: the host then greets nobody by accident.
  public var isRehearsal: Bool { _XCTIsTesting }

  public func welcome(_ guests: [String]) -> [String] {
    guests.map { greeting.phrase($0) }
  }
}
