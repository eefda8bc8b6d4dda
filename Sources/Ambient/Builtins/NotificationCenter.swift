public import Foundation

extension DependencyValues {
  /// The notification centre to post and observe notifications on.
  ///
  /// Live and preview: `NotificationCenter.default`. Test: a fresh `NotificationCenter()` for
  /// each test (default values are cached per test), so observers and posts never cross from
  /// one test into another, even when tests run in parallel.
  ///
  /// ```swift
  /// @Dependency(\.notificationCenter) var notificationCenter
  /// notificationCenter.post(name: .itemsDidChange, object: nil)
  ///
  /// // In a test, observe the centre the model posts to:
  /// @Dependency(\.notificationCenter) var notificationCenter
  /// let observer = notificationCenter.addObserver(forName: .itemsDidChange, object: nil, queue: nil) { _ in … }
  /// ```
  ///
  /// - Important: Code that uses `NotificationCenter.default` directly bypasses this, and so
  ///   does a notification posted by the system, which always goes to the default centre.
  public var notificationCenter: NotificationCenter {
    get { self[NotificationCenterKey.self] }
    set { self[NotificationCenterKey.self] = newValue }
  }
}

private enum NotificationCenterKey: DependencyKey {
  static var liveValue: NotificationCenter { .default }
  static var testValue: NotificationCenter { NotificationCenter() }
}
