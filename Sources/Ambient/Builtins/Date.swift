public import Foundation

extension DependencyValues {
  /// The current date, as a dependency, so a test can decide what "now" is.
  ///
  /// Live and preview: `Date()` at each call. Test: each call reports an issue and returns
  /// 2001-01-01 00:00:00 UTC, so a test that forgot to fix the date fails instead of depending
  /// on when it runs.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// let item = Item(title: title, createdAt: now)
  ///
  /// // In a test:
  /// @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  /// func stampsNewItems() { … }
  /// // or
  /// withDependencies { $0.date.now = Date(timeIntervalSince1970: 0) } operation: { … }
  /// ```
  ///
  /// - Important: `@Dependency(\.date.now)` reads the date when the property is read, not when
  ///   its owner was created; keep the generator (`@Dependency(\.date) var date`, then
  ///   `date.now` or `date()`) when you want a fresh date at each use.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      let date = Date(timeIntervalSinceReferenceDate: 0)
      reportUnimplementedBuiltin(
        #"\.date"#,
        returned: "2001-01-01 00:00:00 +0000",
        override: ".constant(Date(timeIntervalSince1970: 0))"
      )
      return date
    }
  }
}

/// Produces the current date: `Date()` in the app, a date the test chooses in tests.
///
/// ```swift
/// let fixed = DateGenerator.constant(Date(timeIntervalSince1970: 0))
/// fixed.now  // 1970-01-01 00:00:00 +0000
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator that calls `generate` for each date.
  ///
  /// - Parameter generate: Returns the current date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date. Setting it makes every later read return the new date, which is how
  /// a test fixes "now": `withDependencies { $0.date.now = someDate } operation: { … }`.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date, as ``now``.
  ///
  /// - Returns: The date the generator produces.
  public func callAsFunction() -> Date {
    generate()
  }

  /// A generator that always returns `now`.
  ///
  /// - Parameter now: The date to return.
  /// - Returns: The generator.
  public static func constant(_ now: Date) -> Self {
    Self { now }
  }
}
