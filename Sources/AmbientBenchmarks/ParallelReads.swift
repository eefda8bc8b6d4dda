import Dispatch
import Foundation

/// Reads from one thread, then from two at once, and reports the throughput of two relative
/// to one. Reads take no lock and write nothing shared, so two cores should nearly double it.
///
/// Each thread reads its own model, as concurrent requests or screens do; a second line reads
/// one model from both threads, whose wrapper's references every read retains and releases
/// (Swift copies a class's stored property out before using it). Beside them, the bare
/// task-local read from two threads: how far this machine lets two threads scale at all, since
/// its two cores are shared with other machines and are not always both there.
///
/// The ratio is the median over rounds of two threads' throughput to one thread's, each
/// round timing both one after the other, so that both see the same spell of the machine.
func measureParallelReads(floor: Measurement) -> [Measurement] {
  let shared = BenchModel()
  let reads: [(String, ParallelRead)] = [
    ("floor: bare task-local read, 2 threads", .floor),
    ("@Dependency read, 2 threads, a model each", .modelEach),
    ("@Dependency read, 2 threads, one shared model", .sharedModel(shared)),
  ]
  return reads.compactMap { name, read in
    guard isSelected(name) else { return nil }
    _ = read.throughput(threads: 1)
    var best = 0.0
    var scalings: [Double] = []
    for round in 0..<timedRounds {
      // In both orders, so that a machine speeding up or slowing down favours neither.
      let one: Double
      let two: Double
      if round.isMultiple(of: 2) {
        one = read.throughput(threads: 1)
        two = read.throughput(threads: 2)
      } else {
        two = read.throughput(threads: 2)
        one = read.throughput(threads: 1)
      }
      best = max(best, two)
      scalings.append(two / one)
    }
    let nsPerOp = 1 / best
    // The floor's own row compares with one thread only; the reads, also with the floor.
    let readFloor: Measurement? = if case .floor = read { nil } else { floor }
    var result = Measurement(
      name: name, nsPerOp: nsPerOp, ratioToFloor: readFloor.map { nsPerOp / $0.nsPerOp } ?? 1,
      floorName: readFloor?.name)
    result.throughputScaling = scalings.sorted()[scalings.count / 2]
    return result
  }
}

/// What each thread of ``measureParallelReads(floor:)`` reads, written out for each so that
/// the loop is the read alone, as in the single-thread rows.
private enum ParallelRead {
  case floor
  case modelEach
  case sharedModel(BenchModel)

  /// Reads per nanosecond over `threads` threads reading at once.
  func throughput(threads: Int) -> Double {
    let iterations = 4_000_000
    let group = DispatchGroup()
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<threads {
      group.enter()
      Thread.detachNewThread {
        switch self {
        case .floor:
          for _ in 0..<iterations { blackHole(Floor.$value.get()) }
        case .modelEach:
          let model = BenchModel()
          for _ in 0..<iterations { blackHole(model.number.value) }
        case .sharedModel(let model):
          for _ in 0..<iterations { blackHole(model.number.value) }
        }
        group.leave()
      }
    }
    group.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    return Double(threads * iterations) / elapsed
  }
}
