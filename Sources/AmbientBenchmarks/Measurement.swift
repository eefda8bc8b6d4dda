import Dispatch
import Foundation

/// One benchmark's result.
struct Measurement {
  let name: String
  let nsPerOp: Double
  let ratioToFloor: Double
  let floorName: String?
  var throughputScaling: Double? = nil

  var line: String {
    var text = "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%8.2f", nsPerOp)) ns"
    if floorName != nil { text += String(format: "   %5.2fx floor", ratioToFloor) }
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

/// Runs `body` `iterations` times and returns the nanoseconds per call.
@inline(never)
func time<T>(iterations: Int, _ body: () -> T) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { blackHole(body()) }
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / Double(iterations)
}

/// The fastest of several rounds, each long enough to swamp timer overhead.
func measure<T>(_ name: String, floor: Measurement? = nil, iterations: Int = 2_000_000, _ body: () -> T) -> Measurement {
  _ = time(iterations: iterations / 10, body)  // warm caches and default values
  var best = Double.infinity
  for _ in 0..<7 { best = min(best, time(iterations: iterations, body)) }
  return Measurement(name: name, nsPerOp: best, ratioToFloor: floor.map { best / $0.nsPerOp } ?? 1, floorName: floor?.name)
}
