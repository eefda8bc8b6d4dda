/// Any clock measured in `Duration`, as one concrete type: for APIs that need a `Clock` type
/// where you hold `any Clock<Duration>`, such as swift-async-algorithms' `debounce(for:clock:)`.
/// The same shape as swift-clocks' `AnyClock`.
///
/// ```swift
/// @Dependency(\.continuousClock) var clock  // any Clock<Duration>
/// for await query in queries.debounce(for: .milliseconds(300), clock: AnyClock(clock)) { … }
/// ```
///
/// Its instants count from the moment it was made: ``now`` starts near zero, and sleeping until
/// an instant sleeps on the wrapped clock until the matching instant of that clock, so time
/// moves exactly as the wrapped clock's does (a ``TestClock`` wrapped in it still moves only
/// when the test advances it).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  private let elapsed: @Sendable () -> Duration
  private let resolution: @Sendable () -> Duration
  private let sleepUntil: @Sendable (_ sinceOrigin: Duration, _ tolerance: Duration?) async throws -> Void

  /// Wraps `clock`.
  ///
  /// - Parameter clock: The clock to measure time and sleep with.
  public init<Wrapped: Clock>(_ clock: Wrapped) where Wrapped.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    resolution = { clock.minimumResolution }
    sleepUntil = { sinceOrigin, tolerance in
      try await clock.sleep(until: origin.advanced(by: sinceOrigin), tolerance: tolerance)
    }
  }

  /// The wrapped clock's current instant.
  public var now: Instant { Instant(offset: elapsed()) }

  /// The wrapped clock's minimum resolution.
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: When to resume.
  ///   - tolerance: Passed on to the wrapped clock.
  /// - Throws: What the wrapped clock's sleep throws, such as `CancellationError`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline.offset, tolerance)
  }
}
