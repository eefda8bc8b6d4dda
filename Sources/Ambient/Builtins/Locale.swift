public import Foundation

extension DependencyValues {
  /// The locale to format and parse text, numbers and dates with.
  ///
  /// Live and preview: `Locale.autoupdatingCurrent`, following changes to the user's settings.
  /// Test: the first read in a test reports an issue and the test gets `en_US_POSIX`, so
  /// formatted text does not depend on the machine the test runs on.
  ///
  /// ```swift
  /// @Dependency(\.locale) var locale
  /// let price = amount.formatted(.currency(code: "EUR").locale(locale))
  ///
  /// // In a test:
  /// @Test(.dependency(\.locale, Locale(identifier: "fr_FR")))
  /// func formatsPricesTheFrenchWay() { … }
  /// ```
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
  static var testValue: Locale {
    reportUnimplementedBuiltin(
      #"\.locale"#,
      used: "read",
      returned: "en_US_POSIX",
      override: #"Locale(identifier: "en_US")"#
    )
    return Locale(identifier: "en_US_POSIX")
  }
}
