import Ambient
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
/// A model created under an override captures that scope's overrides, which every copy of its
/// wrapper retains; its rows come beside clients whose closures capture nothing (no context to
/// retain, so only Ambient's own reference counting can make two threads contend) and clients
/// whose closures capture state (each copy retains the contexts, shared by both threads, as a
/// bare task-local read of the same struct does: its floor row).
///
/// The ratio is the median over rounds of two threads' throughput to one thread's, each
/// round timing both one after the other, so that both see the same spell of the machine.
func measureParallelReads(floor: Measurement) -> [Measurement] {
  let shared = BenchModel()
  let (overridden, overriddenPlainClient, overriddenClient) = withDependencies {
    $0.benchNumber = BenchNumber(value: 7)
    $0.benchPlainClient = BenchPlainClient(fetch: { 7 }, save: { _ in }, name: { "overridden" })
    $0.benchClient = BenchClient(seed: 7)
  } operation: {
    (BenchModel(), BenchPlainClientModel(), BenchClientModel())
  }
  let reads: [(String, ParallelRead)] = [
    ("floor: bare task-local read, 2 threads", .floor),
    ("@Dependency read, 2 threads, a model each", .modelEach),
    ("@Dependency read, 2 threads, one shared model", .sharedModel(shared)),
    ("@Dependency read, 2 threads, one shared model created under an override", .sharedModel(overridden)),
    ("floor: bare task-local read of a context-free client, 2 threads", .plainClientFloor),
    (
      "@Dependency read of a context-free client, 2 threads, one shared model created under an override",
      .plainClientModel(overriddenPlainClient)
    ),
    ("floor: bare task-local read of a capturing client, 2 threads", .capturingClientFloor),
    (
      "@Dependency read of a capturing client, 2 threads, one shared model created under an override",
      .capturingClientModel(overriddenClient)
    ),
  ]
  return reads.compactMap { name, read in
    guard isSelected(name) else { return nil }
    Progress.row(name)
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
    let readFloor: Measurement? = read.isFloor ? nil : floor
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
  case plainClientFloor
  case plainClientModel(BenchPlainClientModel)
  case capturingClientFloor
  case capturingClientModel(BenchClientModel)

  var isFloor: Bool {
    switch self {
    case .floor, .plainClientFloor, .capturingClientFloor: true
    default: false
    }
  }

  /// Reads per nanosecond over `threads` threads reading at once.
  func throughput(threads: Int) -> Double {
    let iterations = 2_000_000
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
        // A client's closure is called, as users call it (returning the closure itself to the
        // generic `blackHole` would allocate a reabstraction context on every read).
        case .plainClientFloor:
          for _ in 0..<iterations { blackHole(ClientFloor.$plain.get().fetch()) }
        case .plainClientModel(let model):
          for _ in 0..<iterations { blackHole(model.client.fetch()) }
        case .capturingClientFloor:
          for _ in 0..<iterations { blackHole(ClientFloor.$capturing.get().fetch()) }
        case .capturingClientModel(let model):
          for _ in 0..<iterations { blackHole(model.client.fetch()) }
        }
        group.leave()
      }
    }
    group.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    return Double(threads * iterations) / elapsed
  }
}
