/// One endpoint of a struct-of-closures client: unimplemented until it is given a body, so a
/// client's no-argument initialiser is a test value that fails any test that forgets to
/// override what it calls.
///
/// ```swift
/// struct APIClient: Sendable {
///   @Endpoint() var fetchItems: @Sendable () async throws -> [Item]
///   @Endpoint(placeholder: 0) var count: @Sendable () -> Int
///   @Endpoint() var delete: @Sendable (Item.ID) async throws -> Void
/// }
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(
///     fetchItems: .init { try await URLSession.shared.items() },
///     count: .init { 42 },
///     delete: .init { id in try await URLSession.shared.delete(id) }
///   )
///   static let testValue = APIClient()   // every endpoint unimplemented
/// }
///
/// // In a test, override only what the test is about:
/// withDependencies { $0.apiClient.fetchItems = { [.mock] } } operation: { … }
/// ```
///
/// Calling an endpoint that was not given a body reports `Unimplemented: APIClient.fetchItems`
/// (a test failure in tests, a warning on standard error elsewhere), then throws
/// ``UnimplementedFailure`` if it can throw, returns the declared `placeholder` if it returns a
/// value, or just returns. Endpoints may take up to five arguments and be sync or `async`,
/// throwing or not; they must be `@Sendable`.
///
/// ## Naming without macros
///
/// The report names the endpoint as `Type.property`. The type comes from `#function`, which in
/// a stored property's initialiser is the enclosing type's name. The property name is read from
/// the declaration's line in the source file when the report is made, which works wherever the
/// sources are on disk (tests and previews). Elsewhere, or to choose the text, pass the name:
/// `@Endpoint("APIClient.fetchItems")`.
///
/// ## Building values
///
/// Swift's memberwise initialiser takes each endpoint as an `Endpoint` (defaulting to
/// unimplemented), so pass a body with `.init { … }`. Assigning a closure to the property, as
/// tests do with `$0.apiClient.fetchItems = { … }`, replaces the body.
///
/// - Important: Write the parentheses: `@Endpoint() var`. Without them Swift only looks for a
///   non-generic `init()`, which cannot build a closure of an arbitrary type.
///
/// ## The protocol-based alternative
///
/// A client can instead be a protocol with live, mock and unimplemented conformances, stored as
/// an existential. Tests reach the concrete mock with `@Dependency(_:as:)`:
///
/// ```swift
/// protocol Analytics: Sendable { func track(_ event: String) }
/// struct LiveAnalytics: Analytics { func track(_ event: String) { /* send */ } }
/// struct UnimplementedAnalytics: Analytics {
///   func track(_ event: String) { reportIssue("Unimplemented: Analytics.track") }
/// }
/// final class MockAnalytics: Analytics, @unchecked Sendable { … records events … }
///
/// enum AnalyticsKey: DependencyKey {
///   static let liveValue: any Analytics = LiveAnalytics()
///   static let testValue: any Analytics = UnimplementedAnalytics()
/// }
///
/// // In a test:
/// withDependencies { $0.analytics = MockAnalytics() } operation: {
///   @Dependency(\.analytics, as: MockAnalytics.self) var mock
///   model.buy()
///   #expect(mock.events == ["buy"])
/// }
/// ```
///
/// Protocols suit clients with many related methods or shared state; endpoints make overriding
/// one call a one-liner.
@propertyWrapper
public struct Endpoint<Value: Sendable>: Sendable {
  /// The endpoint's body: the unimplemented one until it is given another.
  public var wrappedValue: Value

  /// An endpoint with a body, as used by a client's memberwise initialiser:
  /// `APIClient(fetchItems: .init { … })`.
  ///
  /// - Parameter wrappedValue: The body.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}
