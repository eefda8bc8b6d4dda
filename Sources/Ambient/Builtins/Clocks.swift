@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension DependencyValues {
  /// The clock to measure and wait on when time keeps passing while the device sleeps.
  ///
  /// Live and preview: `ContinuousClock()`. Test: an ``UnimplementedClock``, fresh in every
  /// test, that reports its first use and then returns from sleeps at once, so a test never
  /// waits for real time and one that forgot to choose a clock fails by name.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// try await clock.sleep(for: .seconds(3))
  /// toast = nil
  ///
  /// // In a test, move time by hand:
  /// let clock = TestClock()
  /// let model = withDependencies { $0.continuousClock = clock } operation: { ToastModel() }
  /// await clock.advance(by: .seconds(3))
  /// // or let every sleep return at once:
  /// @Test(.dependency(\.continuousClock, ImmediateClock()))
  /// ```
  ///
  /// - Important: Code that calls `Task.sleep` or `ContinuousClock()` directly bypasses this,
  ///   and a test clock cannot move it.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock to measure and wait on when time should stop while the device sleeps.
  ///
  /// Live and preview: `SuspendingClock()`. Test: an ``UnimplementedClock``, fresh in every
  /// test, that reports its first use and then returns from sleeps at once.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// for await _ in timer(every: .seconds(1), on: clock) { elapsed += 1 }
  ///
  /// // In a test:
  /// let clock = TestClock()
  /// withDependencies { $0.suspendingClock = clock } operation: { … }
  /// ```
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock(#"\.continuousClock"#) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private enum SuspendingClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { SuspendingClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock(#"\.suspendingClock"#) }
}
