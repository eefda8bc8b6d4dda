import Ambient

/// A stateful test double: tests change its count to prove that the next test gets a new one.
final class Tally: Sendable {
  private let storage = LockIsolated(0)

  var count: Int { storage.value }

  func increment() {
    storage.withValue { $0 += 1 }
  }
}

/// Builds a new `Tally` on every call, so each cache of default values holds its own.
enum TallyKey: TestDependencyKey {
  static var testValue: Tally { Tally() }
}

enum NumberKey: TestDependencyKey {
  static let testValue = 0
}

enum GreetingKey: TestDependencyKey {
  static let testValue = "default"
}

/// A dependency that is its own key, for `.dependency(_:)`.
struct Theme: TestDependencyKey, Equatable {
  var name: String
  static let testValue = Theme(name: "light")
}

/// A struct-of-closures client, for overriding one endpoint from a trait.
struct Greeter: TestDependencyKey {
  var greet: @Sendable (String) -> String
  static let testValue = Greeter { "Hello, \($0)." }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }

  var tally: Tally {
    get { self[TallyKey.self] }
    set { self[TallyKey.self] = newValue }
  }

  var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }

  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }

  var theme: Theme {
    get { self[Theme.self] }
    set { self[Theme.self] = newValue }
  }
}

struct Boom: Error {}
