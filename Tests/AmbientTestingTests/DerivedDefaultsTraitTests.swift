import Ambient
import AmbientTesting
import Testing

/// A greeter built from the greeting: a derived default (see `DerivedDependencyKey`).
struct DerivedGreeter: Sendable {
  var greet: @Sendable (String) -> String
}

enum GreeterFromGreeting: DerivedDependencyKey {
  typealias Value = DerivedGreeter
  static var testValue: DerivedGreeter {
    @Dependency(\.greeting) var greeting
    return DerivedGreeter(greet: { "\(greeting), \($0)" })
  }
}

/// The same greeter without the opt-in.
enum PlainGreeterKey: TestDependencyKey {
  typealias Value = DerivedGreeter
  static var testValue: DerivedGreeter {
    @Dependency(\.greeting) var greeting
    return DerivedGreeter(greet: { "\(greeting), \($0)" })
  }
}

/// A test trait is a scope like any other: a derived default follows what it overrides.
@Suite struct DerivedDefaultsTraitTests {
  @Test(.dependency(\.greeting, "Hello"))
  func aTestTraitThatOverridesAnInputRebuildsTheDefault() {
    @Dependency(GreeterFromGreeting.self) var greeter
    #expect(greeter.greet("Ada") == "Hello, Ada")
  }

  @Test(.dependency(\.number, 2))
  func aTestTraitThatOverridesNoInputReadsTheTestsDefault() {
    @Dependency(GreeterFromGreeting.self) var greeter
    #expect(greeter.greet("Ada") == "default, Ada")
  }

  /// Without the opt-in, the first read builds the default from the values in scope: as today.
  @Test(.dependency(\.greeting, "Hi"))
  func withoutTheOptInTheFirstReadsValuesAreKept() {
    @Dependency(PlainGreeterKey.self) var greeter
    #expect(greeter.greet("Ada") == "Hi, Ada")
  }
}
