@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock {
  /// Wakes, one at a time and in order, the sleepers due by `deadline` (at most `limit` of
  /// them), letting each run before the next; leaves `now` at `deadline` unless the limit
  /// stopped it early.
  ///
  /// - Returns: How many sleepers it woke.
  func wake(until deadline: Instant, limit: Int) async -> Int {
    await settle()
    var woken = 0
    while woken < limit, let (id, continuation) = state.withLock({ $0.wakeNext(until: deadline) }) {
      woken += 1
      continuation?.resume()
      // The woken task says when it runs again, so this wait is exact, not a guess.
      await withCheckedContinuation { waiter in
        state.withLock { $0.awaitAcknowledgement(of: id, waiter) }?.resume()
      }
      await settle()
    }
    return woken
  }

  /// Yields until ``quietYieldsToSettle`` consecutive yields pass with no sleep starting, ending or
  /// being cancelled: what running tasks do between suspensions is invisible to the clock, so
  /// a quiet spell is the sign that they have reached their next one.
  func settle() async {
    var quiet = 0
    var activity = state.withLock { $0.activity }
    // Bounded, so a task that keeps starting sleeps that are already due cannot hold it here.
    for _ in 0..<10_000 where quiet < Self.quietYieldsToSettle {
      await Task.yield()
      let current = state.withLock { $0.activity }
      if current == activity {
        quiet += 1
      } else {
        quiet = 0
        activity = current
      }
    }
  }
}
