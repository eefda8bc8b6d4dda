import Ambient
import AmbientBenchmarkSupport

/// Bytes the allocator has handed out and not yet had back: what a leak grows.
enum MemoryInUse {
  static var bytes: Int { Int(ambient_benchmark_bytes_in_use()) }
}

/// The most memory this process has had resident at once: what a user's process monitor
/// shows, including what the allocator holds but has not handed out (fragmented pages).
enum PeakResidentMemory {
  static var bytes: Int { Int(ambient_benchmark_peak_resident_bytes()) }
}

/// A default value with some weight, so that keeping discarded ones would show.
struct Ballast: DependencyKey, Sendable {
  final class Storage: Sendable {
    let bytes = [UInt8](repeating: 1, count: 1_024)
  }
  let storage: Storage
  static var liveValue: Ballast { Ballast(storage: Storage()) }
}

/// Bytes kept per read-then-reset cycle of one default value (a 1 KB value each time).
func measureBytesPerReset(cycles: Int = 10_000) -> Measurement {
  _ = DependencyValues._current[Ballast.self]
  DependencyValues.resetDefaultValue(of: Ballast.self)
  let start = MemoryInUse.bytes
  for _ in 0..<cycles {
    _ = DependencyValues._current[Ballast.self]
    DependencyValues.resetDefaultValue(of: Ballast.self)
  }
  let kept = max(0, MemoryInUse.bytes - start)
  return Measurement(
    name: "bytes kept per reset (1 KB value, \(cycles) cycles)",
    nsPerOp: Double(kept) / Double(cycles), ratioToFloor: 1, floorName: nil
  )
}

/// How much memory in use grew over some work: at its peak (sampled by the work, with
/// ``sample()``) and once it was over.
struct MemoryGrowth {
  var peak: Int
  var kept: Int

  private static let peakSeen = LockIsolated(0)

  /// Records the memory in use now, if it is the most seen by the running ``measure(_:)``.
  static func sample() {
    let bytes = MemoryInUse.bytes
    peakSeen.withValue { $0 = max($0, bytes) }
  }

  static func measure(_ work: () -> Void) -> MemoryGrowth {
    let start = begin()
    work()
    return end(from: start)
  }

  private static func begin() -> Int {
    let start = MemoryInUse.bytes
    peakSeen.withValue { $0 = start }
    return start
  }

  private static func end(from start: Int) -> MemoryGrowth {
    let end = MemoryInUse.bytes
    return MemoryGrowth(peak: max(peakSeen.value, end) - start, kept: end - start)
  }
}
