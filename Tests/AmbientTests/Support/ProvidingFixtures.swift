import Ambient

/// A client the aggregate holds; named so a test can tell which one it got.
struct NamedClient: Sendable, Equatable {
  var name: String
}

/// An app-wide aggregate of dependencies, as a user would declare one. Deliberately not
/// `Equatable`: installations compare by identity, never by contents.
struct AppAggregate: RequiredDependencyKey {
  let apiClient: NamedClient
  let database: NamedClient
}

extension DependencyValues {
  var appAggregate: Required<AppAggregate> {
    get { self[AppAggregate.self] }
    set { self[AppAggregate.self] = newValue }
  }
}

/// An ordinary dependency, for checking what a scope binds.
struct Greeting: DependencyKey, Sendable, Equatable {
  var text: String
  static let liveValue = Greeting(text: "live")
  static let testValue = Greeting(text: "test")
}

extension DependencyValues {
  var greeting: Greeting {
    get { self[Greeting.self] }
    set { self[Greeting.self] = newValue }
  }
}

/// A model that captures its dependencies when created, as app models do.
final class GreetingModel {
  @Dependency(\.greeting) var greeting
}

extension AppAggregate {
  static func named(_ name: String) -> AppAggregate {
    AppAggregate(apiClient: NamedClient(name: "\(name) API"), database: NamedClient(name: "\(name) database"))
  }
}

/// Counts calls from a closure that must (or must not) run.
final class CallCounter: Sendable {
  private let count = LockIsolated(0)
  var value: Int { count.value }
  func record() { count.withValue { $0 += 1 } }
}
