public import Foundation

extension DependencyValues {
  /// The user's preferred languages as locales, most preferred first: for choosing which
  /// translation, or which content, to show.
  ///
  /// Live and preview: `Locale.preferredLanguages`, each as a `Locale`, read once (per scope
  /// that reads it first) when the app first uses it. Test: the first read in a test reports an
  /// issue and the test gets `[en_US_POSIX]`, so the result does not depend on the machine.
  ///
  /// ```swift
  /// @Dependency(\.preferredLocales) var preferredLocales
  /// let language = preferredLocales.first?.language.languageCode
  ///
  /// // In a test:
  /// @Test(.dependency(\.preferredLocales, [Locale(identifier: "de_DE"), Locale(identifier: "en_GB")]))
  /// func showsGermanFirst() { … }
  /// ```
  ///
  /// - Important: Unlike ``locale``, the live value does not follow a change to the user's
  ///   settings while the app runs.
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self] }
    set { self[PreferredLocalesKey.self] = newValue }
  }
}

private enum PreferredLocalesKey: DependencyKey {
  static var liveValue: [Locale] { Locale.preferredLanguages.map(Locale.init(identifier:)) }
  static var testValue: [Locale] {
    reportUnimplementedBuiltin(
      #"\.preferredLocales"#,
      used: "read",
      returned: "[en_US_POSIX]",
      override: #"[Locale(identifier: "en_US")]"#
    )
    return [Locale(identifier: "en_US_POSIX")]
  }
}
