public import Ambient
public import Testing

extension Trait where Self == _FreshDependenciesTrait {
  /// Runs a test, or every test in a suite, from fresh default values: each test (and each case
  /// of a parameterised test) builds its own test values
  /// (``/Ambient/TestDependencyKey/testValue``), even if the test runner runs it twice under one
  /// identity.
  ///
  /// With `AmbientTesting` linked, every Swift Testing test already gets its own default
  /// values, so this trait is not needed for isolation. It exists so that tests written for
  /// swift-dependencies compile unchanged, and to pin the guarantee on a base suite:
  ///
  /// ```swift
  /// @Suite(.dependencies) struct BaseSuite {}
  ///
  /// extension BaseSuite {
  ///   @Suite struct LoginTests {
  ///     @Test func login() { … }  // fresh values, whatever else runs in parallel
  ///   }
  /// }
  /// ```
  ///
  /// With the trait, Ambient knows when the test ends: its default values are freed then (for a
  /// parameterised test, each case's when that case ends), and reads made later through them, by
  /// a model, task or continuation that outlived the test, are reported. It binds nothing for
  /// each case, so 20,000 cases under it cost no more memory than without it.
  ///
  /// It changes nothing in live or preview code: traits only exist in tests.
  ///
  /// > Important: `Task.detached` and `DispatchQueue` callbacks started by the test do not
  /// > see the trait's values; carry them over with ``/Ambient/withEscapedDependencies(_:)``.
  public static var dependencies: Self {
    Self()
  }
}

extension Trait where Self == _DependenciesTrait {
  /// Overrides one dependency, or one part of it, for a test or for every test in a suite.
  ///
  /// ```swift
  /// @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
  /// func stampsNewItems() {
  ///   #expect(ItemModel().createdAt == Date(timeIntervalSince1970: 0))
  /// }
  /// ```
  ///
  /// On a suite it applies to every nested suite and test; a trait closer to the test wins.
  /// Dependencies you do not override keep their test values.
  ///
  /// > Tip: `value` is evaluated anew for each test, so `.dependency(\.store, InMemoryStore())`
  /// > gives every test its own store, even on a suite.
  ///
  /// Closure literals work in the attribute with Swift 6.3, as in
  /// `@Test(.dependency(\.apiClient.fetchItems, { [.mock] }))`.
  ///
  /// > Important: Older Swift compilers reject a closure literal written directly in a
  /// > `@Test` or `@Suite` attribute (swiftlang/swift#76409). With those, declare the closure
  /// > in a constant outside the attribute and pass the constant.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency, or the part of it, to override.
  ///   - value: The value the test should see.
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    Self { $0[keyPath: keyPath] = try value() }
  }

  /// Overrides a dependency whose type is its own key, for a test or for every test in a suite.
  ///
  /// ```swift
  /// enum Theme: TestDependencyKey {
  ///   case light, dark
  ///   static let testValue = Theme.light
  /// }
  ///
  /// @Test(.dependency(Theme.dark))
  /// func rendersInDarkMode() { … }
  /// ```
  ///
  /// `value` is evaluated anew for each test.
  ///
  /// - Parameter value: The value that `@Dependency(Theme.self)` should read in the test.
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value.Value == Value {
    Self { $0[Value.self] = try value() }
  }

  /// Changes several dependencies for a test or for every test in a suite; the closure may
  /// suspend and throw.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.date.now = Date(timeIntervalSince1970: 0)
  ///   $0.apiClient = try await .recorded(from: "items.json")
  /// })
  /// func loadsItems() async throws { … }
  /// ```
  ///
  /// Reads of `$0` inside the closure see what outer suites' traits set, so a test's trait can
  /// build on its suite's. The closure runs once before each test (and each case of a
  /// parameterised test); if it throws, the test fails with that error and does not run.
  ///
  /// - Parameter updateValues: Changes the values the test will see.
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues)
  }
}
