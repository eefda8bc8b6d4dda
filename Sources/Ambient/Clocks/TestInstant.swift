/// An instant of a clock whose time a test controls: how far the clock has moved since it
/// started.
///
/// ``TestClock``, ``ImmediateClock`` and ``UnimplementedClock`` measure time with it, so
/// `TestClock.Instant`, `ImmediateClock.Instant` and `UnimplementedClock.Instant` name this type.
/// (``AnyClock`` has instants of its own, ``AnyClock/Instant``, counted from when it was made.)
///
/// ```swift
/// let clock = TestClock()
/// let start = clock.now
/// await clock.advance(by: .seconds(3))
/// #expect(start.duration(to: clock.now) == .seconds(3))
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct TestInstant<Duration: DurationProtocol & Hashable>: InstantProtocol, Hashable, Sendable {
  /// How far the clock had moved from its start at this instant.
  public let offset: Duration

  /// The instant `offset` after the clock's start.
  ///
  /// - Parameter offset: How far from the start; `.zero`, the start itself, by default.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` after this one.
  ///
  /// - Parameter duration: How far to move; negative moves back.
  /// - Returns: The later (or earlier) instant.
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  /// The time from this instant to `other`; negative when `other` is earlier.
  ///
  /// - Parameter other: The instant to measure to.
  /// - Returns: `other.offset - offset`.
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` is earlier than `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: An instant.
  ///   - rhs: Another instant of the same clock.
  /// - Returns: `true` when `lhs` comes first.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
