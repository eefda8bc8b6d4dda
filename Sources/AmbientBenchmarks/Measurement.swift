import Dispatch
import Foundation

/// One benchmark's result.
struct Measurement: Sendable, Codable {
  let name: String
  let nsPerOp: Double
  var ratioToFloor: Double
  var floorName: String?
  var throughputScaling: Double? = nil

  var line: String {
    let unit = name.contains("(MB)") ? "MB" : name.hasPrefix("bytes") ? "B " : name.hasPrefix("values") ? "  " : "ns"
    var text = "\(name.padding(toLength: 62, withPad: " ", startingAt: 0)) \(String(format: "%8.2f", nsPerOp)) \(unit)"
    if let floorName {
      text += String(format: "   %5.2fx ", ratioToFloor) + (floorName.hasPrefix("floor") ? "floor" : floorName)
    }
    if let throughputScaling { text += String(format: "   throughput %.2fx one thread", throughputScaling) }
    return text
  }
}

#if DEBUG
let isReleaseBuild = false
#else
let isReleaseBuild = true
#endif

/// Keeps the optimiser from deleting the work being measured: it cannot see into an
/// unoptimised function, so it must produce the value.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Whether the row named `name` runs: all of them, unless `AMBIENT_BENCHMARK_ONLY` names part of
/// one (or is `=` and its whole name), for profiling it alone
/// (`AMBIENT_BENCHMARK_ONLY="model creation" perf record …`), or
/// `AMBIENT_BENCHMARK_SKIP` names part of it (`AMBIENT_BENCHMARK_SKIP=threads`). The memory
/// rows run only with `--memory` or when `AMBIENT_BENCHMARK_ONLY` selects them.
func isSelected(_ name: String) -> Bool {
  let environment = ProcessInfo.processInfo.environment
  if let skip = environment["AMBIENT_BENCHMARK_SKIP"], name.contains(skip) { return false }
  guard let only = environment["AMBIENT_BENCHMARK_ONLY"] else { return true }
  // `=name` selects exactly that row, for rows whose names contain another's.
  if only.hasPrefix("=") { return name == only.dropFirst() }
  return name.contains(only)
}

/// Runs `body` `iterations` times and returns the nanoseconds per call.
@inline(never)
func time<T>(iterations: Int, _ body: () -> T) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { blackHole(body()) }
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / Double(iterations)
}

/// How many rounds a row is timed in; it reports the fastest.
let timedRounds = 7

/// The iterations of one round: `AMBIENT_BENCHMARK_ITERATIONS` when set, else `proposed`.
func roundIterations(_ proposed: Int) -> Int {
  ProcessInfo.processInfo.environment["AMBIENT_BENCHMARK_ITERATIONS"].flatMap(Int.init) ?? proposed
}

/// The fastest of several rounds, each long enough to swamp timer overhead.
func measure<T>(_ name: String, floor: Measurement? = nil, iterations: Int = 2_000_000, _ body: () -> T) -> Measurement
{
  // For profiling one row (`AMBIENT_BENCHMARK_ONLY="model creation" perf record …`): the
  // others are skipped and report 0.
  guard isSelected(name) else { return Measurement(name: name, nsPerOp: 0, ratioToFloor: 0, floorName: floor?.name) }
  Progress.row(name)
  let iterations = roundIterations(iterations)
  _ = time(iterations: iterations / 10, body)  // warm caches and default values
  var best = Double.infinity
  for _ in 0..<timedRounds { best = min(best, time(iterations: iterations, body)) }
  return Measurement(
    name: name, nsPerOp: best, ratioToFloor: floor.map { best / $0.nsPerOp } ?? 1, floorName: floor?.name)
}

/// The rows as JSON, for `--json` and for the test-context child process.
func encode(_ results: [Measurement]) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: (try? encoder.encode(results)) ?? Data(), as: UTF8.self)
}

func decode(_ text: String) -> [Measurement] {
  (try? JSONDecoder().decode([Measurement].self, from: Data(text.utf8))) ?? []
}

/// The fastest of several rounds of each of `rows`, timed in turns (each round times every row
/// once): rows compared with each other then see the same spells of a machine whose speed
/// changes for seconds at a time. Each row's `time` runs it the given number of times and
/// returns the nanoseconds per run. A row that is not selected is not run and reports 0, as in
/// ``measure(_:floor:iterations:_:)``, so that one row can be counted on its own.
func measureInTurns(
  _ rows: [(name: String, time: (_ iterations: Int) -> Double)], iterations: Int = 1_000_000
) -> [Measurement] {
  let iterations = roundIterations(iterations)
  let selected = rows.map { isSelected($0.name) }
  let names = rows.indices.filter { selected[$0] }.map { rows[$0].name }
  if let first = names.first {
    Progress.row(names.count == 1 ? first : "\(first), in turns with \(names.count - 1) more")
  }
  for index in rows.indices where selected[index] {
    _ = rows[index].time(iterations / 10)  // warm caches and default values
  }
  var best = selected.map { $0 ? Double.infinity : 0 }
  for _ in 0..<timedRounds {
    for (index, row) in rows.enumerated() where selected[index] {
      best[index] = min(best[index], row.time(iterations))
    }
  }
  return zip(rows, best).map { Measurement(name: $0.name, nsPerOp: $1, ratioToFloor: 1, floorName: nil) }
}
