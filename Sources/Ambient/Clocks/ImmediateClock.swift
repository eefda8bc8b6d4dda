/// A clock whose sleeps return at once, moving ``now`` to their deadline: for tests of code
/// that waits, where the waiting is not what the test is about.
///
/// ```swift
/// @Test(.dependency(\.continuousClock, ImmediateClock()))
/// func showsTheToastThenHidesIt() async {
///   let model = ToastModel()
///   await model.show("Saved")  // sleeps 3 seconds on the clock: returns at once
///   #expect(model.toast == nil)
/// }
/// ```
///
/// - Important: Every sleep returns, so a loop that sleeps forever (a repeating timer) spins
///   as fast as it can. Use ``TestClock`` when the test must control how often it fires.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// The clock's instants: offsets from its start.
  public typealias Instant = TestInstant<Duration>

  private let latest: LockIsolated<Instant>

  /// A clock that starts at `now`.
  ///
  /// - Parameter now: Where the clock starts; the zero instant by default.
  public convenience init(now: Instant = .init()) {
    self.init(startingAt: now)
  }

  init(startingAt now: Instant) {
    latest = LockIsolated(now)
  }

  /// The current instant: the latest deadline any sleep has reached.
  public var now: Instant { latest.value }

  /// The smallest step the clock distinguishes: `.zero`.
  public var minimumResolution: Duration { .zero }

  /// Moves ``now`` to `deadline` (never backwards) and returns, after one yield so that other
  /// tasks still get to run while a loop sleeps on the clock.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    latest.withValue { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ImmediateClock where Duration == Swift.Duration {
  /// A clock measured in `Duration`, starting at zero.
  ///
  /// - Parameter now: Where the clock starts; the zero instant by default.
  public convenience init(now: Instant = .init()) {
    self.init(startingAt: now)
  }
}
