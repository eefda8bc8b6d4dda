@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension AnyClock {
  /// An instant of an ``AnyClock``: how far the wrapped clock had moved since the `AnyClock`
  /// was made, as swift-clocks' `AnyClock.Instant` is.
  ///
  /// Instants of one `AnyClock` compare and measure as the wrapped clock's instants do:
  ///
  /// ```swift
  /// let clock = AnyClock(testClock)
  /// let start = clock.now
  /// await testClock.advance(by: .seconds(2))
  /// #expect(start.duration(to: clock.now) == .seconds(2))
  /// ```
  ///
  /// - Important: Instants count from when their `AnyClock` was made, so an instant of one
  ///   `AnyClock` means nothing to another, even one wrapping the same clock.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// How far the wrapped clock had moved since the `AnyClock` was made, at this instant.
    public let offset: Duration

    /// The instant `offset` after the `AnyClock` was made.
    ///
    /// - Parameter offset: How far from when it was made; `.zero` by default.
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
    ///   - rhs: Another instant of the same `AnyClock`.
    /// - Returns: `true` when `lhs` comes first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }
}
