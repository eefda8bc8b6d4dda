/// A clock that reports an issue whenever it is asked the time or to sleep, then behaves as an
/// ``ImmediateClock``: the test value of `\.continuousClock` and `\.suspendingClock`, so a test
/// that forgets to give the code a clock fails by name instead of waiting for real.
///
/// ```swift
/// let clock = UnimplementedClock("SyncEngine.clock")
/// try await clock.sleep(for: .seconds(1))
/// // ✘ Unimplemented: SyncEngine.clock.sleep
///
/// // The fix, in the test: a clock the test controls.
/// withDependencies { $0.continuousClock = TestClock() } operation: { … }
/// ```
///
/// A clock reports its first use only, naming what was used (`sleep(for:)` reads `now` first,
/// so it is reported as `now`): the test has failed by then, and a timer looping on the clock
/// would otherwise bury the report in copies. The test values are fresh for every test, so
/// each test that forgets its clock is told. The issue is attributed to where the clock was
/// created.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// The clock's instants: offsets from its start.
  public typealias Instant = TestInstant<Duration>

  private let name: String
  private let base: ImmediateClock<Duration>
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt
  private let reported = LockIsolated(false)

  /// A clock that reports each use, naming it `name`.
  ///
  /// - Parameters:
  ///   - name: What the reports call the clock; a key path such as `\.continuousClock` reads
  ///     as `@Dependency(\.continuousClock)`.
  ///   - now: Where the clock starts.
  ///   - fileID: Where the reports are attributed; the caller by default.
  ///   - filePath: Where the reports are attributed; the caller by default.
  ///   - line: Where the reports are attributed; the caller by default.
  ///   - column: Where the reports are attributed; the caller by default.
  public init(
    _ name: String = "Clock",
    now: Instant = .init(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.name = name
    self.base = ImmediateClock(startingAt: now)
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reports an issue (on the clock's first use), then returns the time as an ``ImmediateClock`` would.
  public var now: Instant {
    report("now")
    return base.now
  }

  /// The smallest step the clock distinguishes: `.zero` (reading it is not reported).
  public var minimumResolution: Duration { .zero }

  /// Reports an issue (on the clock's first use), then returns at once as an ``ImmediateClock`` would.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report(_ member: String) {
    guard
      !reported.withValue({ reported in
        defer { reported = true }
        return reported
      })
    else { return }
    let message = IssueMessage.unimplementedClock(name, member: member, context: DependencyValues.current.context)
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension UnimplementedClock where Duration == Swift.Duration {
  /// A clock measured in `Duration` that reports each use, naming it `name`.
  ///
  /// - Parameters:
  ///   - name: What the reports call the clock.
  ///   - fileID: Where the reports are attributed; the caller by default.
  ///   - filePath: Where the reports are attributed; the caller by default.
  ///   - line: Where the reports are attributed; the caller by default.
  ///   - column: Where the reports are attributed; the caller by default.
  public convenience init(
    _ name: String = "Clock",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
