import Dispatch
import Foundation

/// Progress on standard error: which section and row is running, and since when, so that a
/// user sees the benchmark is alive (the table itself goes to standard output at the end).
/// The child processes report on the same clock: the parent hands its start on in
/// `AMBIENT_BENCHMARK_STARTED` (uptime in nanoseconds, the same clock in every process).
enum Progress {
  private static let variable = "AMBIENT_BENCHMARK_STARTED"
  private static let started: UInt64 = {
    if let inherited = ProcessInfo.processInfo.environment[variable].flatMap(UInt64.init) { return inherited }
    let now = DispatchTime.now().uptimeNanoseconds
    setenv(variable, String(now), 1)
    return now
  }()

  /// Starts the clock (in the parent) and hands it on to the child processes started after.
  static func start() { _ = started }

  /// Announces a section of rows.
  static func section(_ name: String) { report("== \(name)") }

  /// Announces a row about to be timed.
  static func row(_ name: String) { report("   \(name)") }

  /// Says the run is over, and how long it took.
  static func finished() { report("== done") }

  private static func report(_ text: String) {
    let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
    FileHandle.standardError.write(Data((String(format: "[%6.1f s] ", seconds) + text + "\n").utf8))
  }
}
