import Ambient
import Dispatch
import Foundation

// Measures the cost of Ambient's operations in ns per operation and as a ratio to the bare
// task-local operation they are built on, in the same run. Build in release:
//
//   swift run -c release AmbientBenchmarks [--json] [--memory]
//
// The app rows run in this process, on live values. The test rows run in a child process of
// this executable in the test context, inside real Swift Testing tests and XCTest methods.
// Progress goes to standard error, the rows to standard output at the end. A run takes about
// two minutes on a busy 2-core machine (load average 12 to 16), less on a quiet one.
//
// `--memory` adds the memory rows, from about ten minutes on a quiet machine to over an hour on a
// busy one: each of eight configurations runs 20,000 test cases in a child process of its own,
// three rounds of all of them (`AMBIENT_BENCHMARK_MEMORY_RUNS`, `AMBIENT_BENCHMARK_CASES`).
// `AMBIENT_BENCHMARK_ONLY=memory` runs only them, flag or not. `AMBIENT_BENCHMARK_ONLY` and
// `AMBIENT_BENCHMARK_SKIP` select rows by name, `AMBIENT_BENCHMARK_ITERATIONS` sets a round's
// iterations (``isSelected(_:)``, ``roundIterations(_:)``).

let arguments = CommandLine.arguments.dropFirst()

if arguments.contains("--test-context") {
  setenv("AMBIENT_CONTEXT", "test", 1)
  runTestContextBenchmarks()
  exit(0)
}
if let flag = arguments.firstIndex(of: "--memory-configuration") {
  setenv("AMBIENT_CONTEXT", "test", 1)
  guard let configuration = arguments.dropFirst(flag - arguments.startIndex + 1).first.flatMap(MemoryConfiguration.init)
  else { fatalError("--memory-configuration needs one of \(MemoryConfiguration.allCases.map(\.rawValue))") }
  MemoryUse.report(configuration)
  exit(0)
}
// AmbientTesting is linked (for the test rows), which would make this process a test process.
setenv("AMBIENT_CONTEXT", "live", 1)
Progress.start()
Progress.section("app reads")

var results: [Measurement] = []
let floorRead = measure("floor: bare task-local read of a struct") { Floor.$value.get() }
// Nothing is read inside: `withDependencies` rows bind values and read nothing either.
let floorBind = measure("floor: bare TaskLocal.withValue") {
  Floor.$value.withValue(Floor(count: 1, box: Floor.sharedBox)) { 1 }
}

let model = BenchModel()
let keyPath: any KeyPath<DependencyValues, BenchNumber> & Sendable = \.benchNumber
let clientModel = BenchClientModel()

// First the reads of an app that binds no overrides in its own code: nothing is bound anywhere
// in the process, so a read skips the task-local lookup (`BoundOverrides.swift`). The test rows
// are timed now too, in turns with this state's read (and, for their "while overrides are bound"
// rows, with overrides bound here for the moment). The overridden models below keep overrides
// bound for the rest of the run, and the live read is timed again in that state.
results.append(floorRead)
let liveRead = measure("@Dependency read (live default)", floor: floorRead) { model.number.value }
results.append(liveRead)
results.append(measureDerivedRead(nothingOverridden: liveRead))
// The client struct itself, copied out and handed on whole: its three closures' contexts are
// retained and released. (Handing on one closure instead, `client.fetch`, made the generic
// `blackHole` box it in a reabstraction thunk: an allocation per read that was the benchmark's,
// not Ambient's, and about 280 of its 605 instructions.)
results.append(
  measure("@Dependency read (live default), struct of closures", floor: floorRead) { clientModel.client })
// The same client as users read it, its closure called, beside the bare task-local read of the
// same struct: both retain and release the closures' captured contexts.
let floorClientRead = measure("floor: bare task-local read of a capturing client") {
  ClientFloor.$capturing.get().fetch()
}
results.append(floorClientRead)
let liveClientRead = measure("@Dependency read of a capturing client (live default)", floor: floorClientRead) {
  clientModel.client.fetch()
}
results.append(liveClientRead)
var testRows: [Measurement] = []
if isSelected("test") {
  Progress.section("reads in tests (a child process, in turns with this one's app read)")
  testRows = testContextRows()
  Progress.section("app reads, continued")
}

// The same read after 1,000 child models were made in scopes and dropped: nothing of theirs is
// left in the count of bound overrides (`ObjectScopes` keeps uncounted copies), so the read is
// back on the path that skips the lookup. Its ratio is to the read above, with nothing ever bound.
for index in 0..<1_000 {
  _ = withDependencies(from: model) {
    $0.benchNumber = BenchNumber(value: index)
  } operation: {
    BenchModel()
  }
}
results.append(
  measure("@Dependency read (live default), after 1,000 child models made in scopes were dropped", floor: liveRead) {
    model.number.value
  })

let overriddenModel = withDependencies {
  $0.benchNumber = BenchNumber(value: 7)
} operation: {
  BenchModel()
}
let overriddenClientModel = withDependencies {
  $0.benchClient = BenchClient(seed: 7)
} operation: {
  BenchClientModel()
}
let overriddenPlainClientModel = withDependencies {
  $0.benchPlainClient = BenchPlainClient(fetch: { 7 }, save: { _ in }, name: { "overridden" })
} operation: {
  BenchPlainClientModel()
}
results.append(contentsOf: measureDerivedReadsInScopes(floor: floorRead))
let liveReadWhileBound = measure(
  "@Dependency read (live default), while overrides are bound elsewhere", floor: floorRead
) {
  model.number.value
}
results.append(liveReadWhileBound)
let overriddenRead = measure("@Dependency read (overridden)", floor: floorRead) { overriddenModel.number.value }
results.append(overriddenRead)
results.append(
  measure("@Dependency read (overridden), struct of closures", floor: floorRead) { overriddenClientModel.client }
)
results.append(
  measure("@Dependency read of a capturing client (overridden)", floor: floorClientRead) {
    overriddenClientModel.client.fetch()
  })
// A client whose closures capture nothing, beside the bare task-local read of the same struct:
// copying it retains nothing, so what is left is Ambient's own read (the single-thread side of
// the two-thread rows for such a client).
let floorPlainClientRead = measure("floor: bare task-local read of a context-free client") {
  ClientFloor.$plain.get().fetch()
}
results.append(floorPlainClientRead)
results.append(
  measure("@Dependency read of a context-free client (overridden)", floor: floorPlainClientRead) {
    overriddenPlainClientModel.client.fetch()
  })
results.append(
  withDependencies {
    $0[Key1.self] = 1
  } operation: {
    measure("@Dependency read under another scope than its model's", floor: overriddenRead) {
      overriddenModel.number.value
    }
  }
)
// Tracing costs only what it traces: every row above reads with no trace anywhere.
results.append(
  withDependencyTrace {
    // Fewer iterations: a traced read costs about a hundred plain ones.
    measure("@Dependency read while a trace records it", floor: liveRead, iterations: 100_000) {
      model.number.value
    }
  }.value
)
results.append(
  measure("DependencyValues._current read through a key path", floor: floorRead) {
    DependencyValues._current[keyPath: keyPath].value
  })
results.append(floorBind)
results.append(
  measure("withDependencies, 1 override", floor: floorBind) {
    withDependencies {
      $0.benchNumber = BenchNumber(value: 1)
    } operation: {
      1
    }
  })
let overridingClient = BenchClient(seed: 1)
results.append(
  measure("withDependencies, 1 override, struct of closures", floor: floorBind) {
    withDependencies {
      $0.benchClient = overridingClient
    } operation: {
      1
    }
  })
results.append(
  measure("withDependencies, 10 overrides", floor: floorBind) {
    withDependencies {
      $0.benchNumber = BenchNumber(value: 1)
      $0[Key1.self] = 1
      $0[Key2.self] = 2
      $0[Key3.self] = 3
      $0[Key4.self] = 4
      $0[Key5.self] = 5
      $0[Key6.self] = 6
      $0[Key7.self] = 7
      $0[Key8.self] = 8
      $0[Key9.self] = 9
    } operation: {
      1
    }
  })
// `withDependencies` inlines `TaskLocal.withValue` into this top-level code: a binding whose end
// were lost would leave its values current for every row below.
checkThatNoScopeIsLeftBound()
let localDependencyRead = measure(localDependencyRowName, floor: liveRead) { readThroughALocalDependency() }
results.append(localDependencyRead)
// No ratio: nothing task-local is involved, and no bare operation is a fair floor for it.
results.append(measure("DependencyValues() creation") { DependencyValues() })
let plainModel = measure("floor: model creation, three plain properties") { ThreePlainPropertiesModel() }
results.append(plainModel)
results.append(measure("model creation, three @Dependency properties", floor: plainModel) { ThreeDependencyModel() })
if isSelected("threads") {
  Progress.section("two threads")
  results.append(contentsOf: measureParallelReads(floor: floorRead))
}
if isSelected("reset") {
  Progress.section("resets")
  results.append(measureBytesPerReset())
}
if isSelected("values still alive") { results.append(measureValuesAliveAfterResets()) }

// The test rows, from a child process in the test context. Each read in a test comes with its
// ratio to the app's read, timed here in turns with it (``AppReadInTurns``); that timing's ratio
// to the app's read above in the same state shows how far the machine's speed moved in between.
results.append(
  contentsOf: testRows.map { row in
    let inApp: Measurement
    if row.floorName != nil {
      return row
    } else if row.name.hasPrefix("@Dependency read (live default), while overrides are bound elsewhere, in turns") {
      inApp = liveReadWhileBound
    } else if row.name.hasPrefix("@Dependency read (live default), in turns") {
      inApp = liveRead
    } else if row.name.hasPrefix("@Dependency read of a capturing client (live default), in turns") {
      inApp = liveClientRead
    } else if row.name.hasPrefix(localDependencyRowName) {
      inApp = localDependencyRead
    } else {
      return row
    }
    var row = row
    row.ratioToFloor = row.nsPerOp / inApp.nsPerOp
    row.floorName = inApp.name
    return row
  })
// Each configuration in a child process of its own, in the test context. Behind a flag (they
// take minutes), unless `AMBIENT_BENCHMARK_ONLY` asks for them by name.
let memoryRequested =
  arguments.contains("--memory") || ProcessInfo.processInfo.environment["AMBIENT_BENCHMARK_ONLY"] != nil
if memoryRequested && isSelected("memory") {
  Progress.section("memory (each configuration in a child process)")
  results.append(contentsOf: memoryRows())
}

Progress.finished()
if arguments.contains("--json") {
  print(encode(results))
} else {
  print("Ambient benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores, release: \(isReleaseBuild))")
  for result in results { print(result.line) }
}

/// Runs this executable again with `--test-context` and reads the rows it prints.
func testContextRows() -> [Measurement] {
  decode(childResultLine(arguments: ["--test-context"]))
}

/// Runs this executable again with `arguments` and returns what it printed after
/// ``benchmarkMarker``, timing the app's read whenever it asks (``AppReadInTurns``).
func childResultLine(arguments: [String]) -> String {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
  child.arguments = arguments
  let output = Pipe()
  let answers = Pipe()
  child.standardOutput = output
  child.standardInput = answers
  do { try child.run() } catch { fatalError("could not start the benchmark's child process \(arguments): \(error)") }
  let lines = AppReadInTurns.serve(output: output.fileHandleForReading, answers: answers.fileHandleForWriting) {
    iterations, whileOverridesBound, client in
    if client { return time(iterations: iterations) { clientModel.client.fetch() } }
    guard whileOverridesBound else { return time(iterations: iterations) { model.number.value } }
    // Escaped values hold their overrides, bound once, until they are dropped after the timing.
    let boundElsewhere = withDependencies {
      $0[Key1.self] = 1
    } operation: {
      withEscapedDependencies { $0 }
    }
    return withExtendedLifetime(boundElsewhere) { time(iterations: iterations) { model.number.value } }
  }
  child.waitUntilExit()
  guard let line = lines.last(where: { $0.hasPrefix(benchmarkMarker) }) else {
    fatalError("the benchmark's child process \(arguments) printed no results:\n\(lines.joined(separator: "\n"))")
  }
  return String(line.dropFirst(benchmarkMarker.count))
}
