/// A clock whose time moves only when the test moves it, so code that sleeps, times out or
/// debounces can be tested without waiting and without timing luck.
///
/// ```swift
/// @Test func refreshesEveryMinute() async {
///   let clock = TestClock()
///   let model = withDependencies { $0.continuousClock = clock } operation: { FeedModel() }
///   let task = Task { await model.startRefreshing() }
///   await clock.advance(by: .seconds(60))
///   #expect(model.refreshCount == 1)
///   task.cancel()
/// }
/// ```
///
/// Tasks sleeping on the clock resume in the order of their deadlines (tasks with the same
/// deadline in the order they began to sleep), each one before the next, and the clock's
/// ``now`` is the sleeper's deadline while it runs. A cancelled sleeper throws
/// `CancellationError` at once and stops counting as a sleeper.
///
/// ### Letting woken tasks run
/// ``advance(by:fileID:filePath:line:column:)``, ``advance(to:fileID:filePath:line:column:)``
/// and ``run(timeout:maxWakes:fileID:filePath:line:column:)`` return
/// only after each task they woke has resumed: the clock does not guess this, each woken
/// sleeper tells it. What the task does after that until it next suspends cannot be observed
/// from outside, so the clock then yields until it has seen twenty consecutive yields with no
/// clock activity (any sleep that starts, ends or is cancelled restarts the count). A task
/// that next sleeps on the clock is therefore always accounted for; one that awaits something
/// else (a network stub, an actor) gets those yields to finish its step.
///
/// - Important: A task you start just before advancing may not have reached its sleep yet;
///   `advance` yields first to let it, and ``waitForSleepers(count:fileID:filePath:line:column:)``
///   waits for it by name when the order matters.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// The clock's instants: offsets from its start.
  public typealias Instant = TestInstant<Duration>

  /// How many consecutive yields without clock activity make the clock consider woken tasks
  /// settled at their next suspension point: a tuning constant of the clock, not API.
  static var quietYieldsToSettle: Int { 20 }

  let state: TestClockState<Duration>

  /// The smallest step the clock distinguishes: `.zero`, it moves exactly as told.
  public var minimumResolution: Duration { .zero }

  /// A clock that starts at `now` and moves only when told.
  ///
  /// - Parameter now: Where the clock starts; the zero instant by default.
  public convenience init(now: Instant = .init()) {
    self.init(startingAt: now)
  }

  init(startingAt now: Instant) {
    state = TestClockState(now: now)
  }

  /// The current instant; it changes only in `advance` and `run`.
  public var now: Instant { state.withLock { $0.now } }

  /// How many tasks are sleeping on the clock now.
  public var sleeperCount: Int { state.withLock { $0.pendingSleepers.count } }

  /// Suspends until the test moves the clock to `deadline` or later; returns at once when
  /// `deadline` is not after ``now``.
  ///
  /// - Parameters:
  ///   - deadline: When to resume.
  ///   - tolerance: Ignored: the clock moves exactly.
  /// - Throws: `CancellationError` when the task is, or becomes, cancelled before the deadline.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    guard let id = state.withLock({ $0.register(deadline) }) else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome = state.withLock { $0.attach(continuation, to: id) }
        switch outcome {
        case nil: break
        case .woken: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      state.withLock { $0.cancel(id) }?.resume(throwing: CancellationError())
    }
    state.withLock { $0.acknowledge(id) }?.resume()
  }

  /// Moves the clock forward by `duration`, resuming in order every sleeper whose deadline it
  /// passes, and returns once they have run (see "Letting woken tasks run").
  ///
  /// - Parameters:
  ///   - duration: How far to move; `.zero` only lets pending work run. A negative duration
  ///     is reported as an issue and the clock stays where it is.
  ///   - fileID: Where a report is attributed; the caller by default.
  ///   - filePath: Where a report is attributed; the caller by default.
  ///   - line: Where a report is attributed; the caller by default.
  ///   - column: Where a report is attributed; the caller by default.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await advance(to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves the clock forward to `deadline`, resuming in order every sleeper whose deadline it
  /// passes, and returns once they have run (see "Letting woken tasks run").
  ///
  /// - Parameters:
  ///   - deadline: Where to move to. An instant before ``now`` is reported as an issue and
  ///     the clock stays where it is: time never runs backwards.
  ///   - fileID: Where a report is attributed; the caller by default.
  ///   - filePath: Where a report is attributed; the caller by default.
  ///   - line: Where a report is attributed; the caller by default.
  ///   - column: Where a report is attributed; the caller by default.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let now = self.now
    guard now <= deadline else {
      let message = IssueMessage.clockMovedBackwards(from: "\(now.offset)", to: "\(deadline.offset)")
      reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    _ = await wake(until: deadline, limit: .max)
  }

  /// Moves the clock forward until no task sleeps on it, resuming each sleeper in order.
  ///
  /// A timer that sleeps again every time it wakes would keep this going forever, so it gives
  /// up, reports an issue and returns, leaving the clock at the last deadline, after
  /// `maxWakes` wakes or, when you pass a `timeout`, once that much real time has passed.
  ///
  /// ```swift
  /// await clock.run()                            // at most 1 000 wakes
  /// await clock.run(timeout: .milliseconds(500))  // as swift-clocks writes it
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How much real time the run may take; no limit but `maxWakes` by default.
  ///   - maxWakes: How many sleepers to resume before giving up.
  ///   - fileID: Where a report is attributed; the caller by default.
  ///   - filePath: Where a report is attributed; the caller by default.
  ///   - line: Where a report is attributed; the caller by default.
  ///   - column: Where a report is attributed; the caller by default.
  public func run(
    timeout: Swift.Duration? = nil,
    maxWakes: Int = 1_000,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let realTime = ContinuousClock()
    let giveUpAt = timeout.map { realTime.now.advanced(by: $0) }
    var wakes = 0
    while true {
      await settle()
      guard let next = state.withLock({ $0.pendingSleepers.map(\.deadline).min() }) else { return }
      // One wake at a time when a timeout applies, so the run stops soon after it passes.
      let limit = giveUpAt == nil ? maxWakes - wakes : 1
      wakes += await wake(until: next, limit: limit)
      guard sleeperCount > 0 else { continue }
      let message: IssueMessage
      if wakes >= maxWakes {
        message = .clockRunDidNotFinish(wakes: wakes, sleepers: sleeperCount, now: "\(now.offset)")
      } else if let giveUpAt, let timeout, realTime.now >= giveUpAt {
        message = .clockRunTimedOut(after: "\(timeout)", wakes: wakes, sleepers: sleeperCount, now: "\(now.offset)")
      } else {
        continue
      }
      reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
  }

  /// Lets pending work run (see "Letting woken tasks run"), then throws if any task still
  /// sleeps on the clock: proof that a feature has no more time-based work waiting.
  ///
  /// ```swift
  /// task.cancel()
  /// try await clock.checkSuspension()  // the timer really stopped
  /// ```
  ///
  /// - Throws: ``TestClockSuspensionError`` naming how many tasks sleep and until when.
  public func checkSuspension() async throws {
    await settle()
    let deadlines = state.withLock { $0.pendingSleepers.map(\.deadline.offset) }
    if !deadlines.isEmpty {
      throw TestClockSuspensionError(deadlines: deadlines.map { "\($0)" })
    }
  }

  /// Waits until at least `count` tasks sleep on the clock, for a test that must not advance
  /// before the code under test has started waiting.
  ///
  /// It yields rather than sleeping, up to 100 000 times; if the sleepers never arrive it
  /// reports an issue and returns, so a test that expects a sleep which never happens fails
  /// instead of hanging.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - fileID: Where a report is attributed; the caller by default.
  ///   - filePath: Where a report is attributed; the caller by default.
  ///   - line: Where a report is attributed; the caller by default.
  ///   - column: Where a report is attributed; the caller by default.
  public func waitForSleepers(
    count: Int = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    for _ in 0..<100_000 {
      if sleeperCount >= count { return }
      await Task.yield()
    }
    let message = IssueMessage.sleepersNeverArrived(expected: count, found: sleeperCount)
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock where Duration == Swift.Duration {
  /// A clock measured in `Duration`, starting at zero, that moves only when told.
  ///
  /// - Parameter now: Where the clock starts; the zero instant by default.
  public convenience init(now: Instant = .init()) {
    self.init(startingAt: now)
  }
}
