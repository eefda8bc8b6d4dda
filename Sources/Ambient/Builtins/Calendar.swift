public import Foundation

extension DependencyValues {
  /// The calendar to compute and format dates with.
  ///
  /// Live and preview: `Calendar.autoupdatingCurrent`, the user's calendar, following changes
  /// to their settings. Test: the first read in a test reports an issue and the test gets a
  /// Gregorian calendar in UTC with the `en_US_POSIX` locale, so date arithmetic does not
  /// depend on the machine the test runs on.
  ///
  /// ```swift
  /// @Dependency(\.calendar) var calendar
  /// let isToday = calendar.isDate(item.createdAt, inSameDayAs: now)
  ///
  /// // In a test:
  /// @Test(.dependency(\.calendar, Calendar(identifier: .iso8601)))
  /// func groupsItemsByDay() { … }
  /// ```
  ///
  /// - Important: Changing a part of it in an override (`$0.calendar.firstWeekday = 2`) starts
  ///   from the fixed test calendar, not the machine's; that read is not reported, since it is
  ///   part of overriding.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
  static var testValue: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.locale = Locale(identifier: "en_US_POSIX")
    reportUnimplementedBuiltin(
      #"\.calendar"#,
      used: "read",
      returned: "a Gregorian calendar in UTC, locale en_US_POSIX",
      override: "Calendar(identifier: .gregorian)"
    )
    return calendar
  }
}
