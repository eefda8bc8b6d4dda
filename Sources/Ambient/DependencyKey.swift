/// A key for a dependency that has test and preview values, but whose live value lives
/// elsewhere (often in a module that the tests and previews of a feature do not build).
///
/// Split a dependency's interface from its live implementation when the live one is heavy:
///
/// ```swift
/// // APIClient module: interface and test value only.
/// struct APIClient: TestDependencyKey {
///   var fetchItems: @Sendable () async throws -> [Item]
/// }
/// nonisolated extension APIClient {
///   static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
/// }
/// // APIClientLive module: the live value.
/// nonisolated extension APIClient: DependencyKey {
///   static let liveValue = APIClient(fetchItems: { try await URLSession.shared.items() })
/// }
/// ```
///
/// Read in the live context, a key without a live value reports an issue once and uses its
/// test value.
public protocol TestDependencyKey<Value>: _SendableKeyType {
  /// The type of the dependency's value; the key itself by default.
  associatedtype Value: Sendable = Self

  /// The value used in tests. Make it fail loudly rather than touch the world: endpoints built
  /// with `unimplemented(_:placeholder:)` report the
  /// test that forgot to override them.
  static var testValue: Value { get }

  /// The value used in Xcode previews; defaults to ``testValue``.
  static var previewValue: Value { get }

  /// Whether the default value is rebuilt in a scope that overrides a dependency its build read.
  /// `false` unless the key conforms to ``DerivedDependencyKey``, which is how to opt in.
  ///
  /// Public only because the read path, inlined into your code, asks it; do not implement it.
  static var _derivesDefault: Bool { get }
}

extension TestDependencyKey {
  /// The default preview value is the test value.
  public static var previewValue: Value { testValue }

  /// Whether a `testValue` getter that reports its use should report now: `false` while values
  /// are being changed (a `withDependencies` update closure, a test trait's closure,
  /// `prepareDependencies`), `true` otherwise.
  ///
  /// Setting part of a dependency (`$0.database.path = …`) runs its getter first, and that is
  /// not a use. `reportIssue` already drops what is reported meanwhile; check this to skip the
  /// work of building the report, or work that only makes sense for a real use:
  ///
  /// ```swift
  /// nonisolated extension Database {  // declared as `struct Database: TestDependencyKey { … }`
  ///   static var testValue: Database {
  ///     if shouldReportUnimplemented {
  ///       reportIssue("A blank, in-memory database is being used: override \\.database in this test.")
  ///     }
  ///     return .inMemory()
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool { !DependencyValues.isUpdating }

  /// `false`: the default value is built once per context and shared by every scope.
  @inlinable public static var _derivesDefault: Bool { false }
}

/// A key for a dependency: its live value and, optionally, its preview and test values.
///
/// ```swift
/// struct APIClient: DependencyKey {
///   var fetchItems: @Sendable () async throws -> [Item]
/// }
/// nonisolated extension APIClient {
///   static let liveValue = APIClient(fetchItems: { try await URLSession.shared.items() })
///   static let previewValue = APIClient(fetchItems: { Item.samples })
///   static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
/// }
/// nonisolated extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// Conform in the type's own declaration, as above, and mark the `DependencyValues` extension
/// `nonisolated`: then the sample compiles both in a plain Swift 6 target and in an Xcode 26
/// app target, whose declarations are on the main actor by default (a conformance added in a
/// separate extension is main-actor isolated there, and the compiler rejects it).
/// <doc:MainActorAppTargets> quotes the errors and says why.
///
/// Which value a read gets depends on the ``DependencyContext``:
/// - live: ``liveValue``;
/// - preview: ``TestDependencyKey/previewValue``, which defaults to ``liveValue``;
/// - test: ``TestDependencyKey/testValue``, which defaults to the preview value and fails the
///   test that read it, naming the dependency and where it was declared (once per key per test).
public protocol DependencyKey<Value>: TestDependencyKey {
  /// The type of the dependency's value; the key itself by default.
  associatedtype Value = Self

  /// The value used by the running app or server.
  static var liveValue: Value { get }

  // Redeclared so that the defaults below apply to keys that only declare `liveValue`.
  /// The value used in tests; defaults to the preview value and reports the test that read it.
  static var testValue: Value { get }
  /// The value used in Xcode previews; defaults to ``liveValue``.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// The default preview value is the live value.
  public static var previewValue: Value { liveValue }

  /// The default test value reports an issue (the test fails, naming the dependency and where
  /// it was used), then falls back to the preview value.
  public static var testValue: Value {
    DefaultValueResolution.report(.noTestValue, for: Self.self)
    return previewValue
  }
}

#if compiler(>=6.2)
/// What a key's type must be: `SendableMetatype` where the compiler knows it, so that a
/// key's metatype can be captured by the `Sendable` closures that read it. Not for users.
public typealias _SendableKeyType = SendableMetatype
#else
/// What a key's type must be; nothing on compilers before Swift 6.2. Not for users.
public typealias _SendableKeyType = Any
#endif
