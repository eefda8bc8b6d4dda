import Ambient
import AmbientBenchmarkSupport

/// Bytes the allocator has handed out and not yet had back: what a leak grows.
enum MemoryInUse {
  static var bytes: Int { Int(ambient_benchmark_bytes_in_use()) }
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
