/// Thrown by ``TestClock/checkSuspension()`` when tasks still sleep on the clock.
///
/// ```swift
/// task.cancel()
/// try await clock.checkSuspension()  // throws if the timer is still waiting
/// ```
public struct TestClockSuspensionError: Error, Sendable, CustomStringConvertible {
  /// The deadlines of the tasks still sleeping, earliest first, as offsets from the clock's start.
  public let deadlines: [String]

  /// Names how many tasks still sleep and until when.
  public var description: String {
    "\(deadlines.count) task(s) still sleeping on the TestClock, until \(deadlines.joined(separator: ", "))"
  }
}
