public import Foundation

extension DependencyValues {
  /// The time zone to show and compute wall-clock times in.
  ///
  /// Live and preview: `TimeZone.autoupdatingCurrent`, following changes to the user's
  /// settings. Test: the first read in a test reports an issue and the test gets UTC, so
  /// times do not depend on where the machine running the test is.
  ///
  /// ```swift
  /// @Dependency(\.timeZone) var timeZone
  /// let opening = Date.FormatStyle(date: .omitted, time: .shortened, timeZone: timeZone)
  ///
  /// // In a test:
  /// @Test(.dependency(\.timeZone, TimeZone(identifier: "Asia/Tokyo")!))
  /// func showsTokyoOpeningHours() { … }
  /// ```
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
  static var testValue: TimeZone {
    reportUnimplementedBuiltin(
      #"\.timeZone"#,
      used: "read",
      returned: "UTC",
      override: #"TimeZone(identifier: "Europe/Paris")!"#
    )
    return TimeZone(identifier: "UTC")!
  }
}
