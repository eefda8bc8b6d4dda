import Dispatch
import Foundation

/// Reads from one thread, then from two at once, and reports the throughput of two relative
/// to one. Reads take no lock and write nothing shared, so two cores should nearly double it.
///
/// Each thread reads its own model, as concurrent requests or screens do. Reading one model
/// instance from several threads also retains and releases that instance's wrapper on every
/// read (Swift's reference counting of a class's stored property), which is reported on a
/// second line for comparison.
func measureParallelReads(floor: Measurement) -> [Measurement] {
  let iterations = 4_000_000
  let shared = BenchModel()
  func run(threads: Int, sharing: Bool) -> Double {
    let group = DispatchGroup()
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<threads {
      group.enter()
      Thread.detachNewThread {
        let model = sharing ? shared : BenchModel()
        for _ in 0..<iterations { blackHole(model.number.value) }
        group.leave()
      }
    }
    group.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    return Double(threads * iterations) / elapsed  // reads per ns
  }
  return [false, true].map { sharing in
    _ = run(threads: 1, sharing: sharing)
    var one = 0.0
    var two = 0.0
    for _ in 0..<5 {
      one = max(one, run(threads: 1, sharing: sharing))
      two = max(two, run(threads: 2, sharing: sharing))
    }
    let nsPerOp = 1 / two
    var result = Measurement(
      name: sharing ? "@Dependency read, 2 threads, one shared model" : "@Dependency read, 2 threads, a model each",
      nsPerOp: nsPerOp, ratioToFloor: nsPerOp / floor.nsPerOp, floorName: floor.name
    )
    result.throughputScaling = two / one
    return result
  }
}
