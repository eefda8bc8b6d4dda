import Dependencies

/// The app's settings, read from a dependency.
public struct Settings: Sendable {
  @Dependency(\.locale) var locale

  public init() {}

  /// The language the app speaks.
  public var language: String? { locale.language.languageCode?.identifier }
}
