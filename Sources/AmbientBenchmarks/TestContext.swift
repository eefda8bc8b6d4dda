import Ambient
import AmbientTesting
import Dispatch
import Foundation
import Testing
import XCTest

// The reads users make most: inside tests. This part runs in a child process whose context is
// `test`, with AmbientTesting linked as in a test bundle, and runs real Swift Testing tests
// (through Swift Testing's own entry point) and real XCTest methods in-process.

/// Results of the test-context rows, filled by the tests below.
let testContextResults = LockIsolated<[Measurement]>([])

/// The `@Dependency` read every test-context row measures: a model created inside the test.
/// Beside it, timed in turns with it (see ``measureInTurns(_:iterations:)``): the bare
/// task-local read in the same place (a test runner binds task-locals of its own, and a lookup
/// of one that is not bound there walks past all of them), and the app's read, timed by the
/// parent process (``AppReadInTurns``), which the row's ratio is to. With
/// `whileOverridesBound`, the parent times its read with overrides bound there too: both reads
/// then go through the task-local lookup.
func measureModelRead(_ name: String, whileOverridesBound: Bool = false) {
  let model = BenchModel()
  let place = name.replacingOccurrences(of: "@Dependency read ", with: "")
  let appRead =
    whileOverridesBound
    ? (
      "@Dependency read (live default), while overrides are bound elsewhere, in turns with the read " + place,
      AppReadInTurns.timeWhileOverridesBound
    )
    : ("@Dependency read (live default), in turns with the read " + place, AppReadInTurns.time)
  let turns: [(name: String, time: (Int) -> Double)] = [
    ("floor: bare task-local read " + place, { time(iterations: $0) { Floor.$value.get() } }),
    (name, { time(iterations: $0) { model.number.value } }),
    appRead,
  ]
  recordInTurns(turns)
}

/// The read of a client whose closures capture state, as users' clients' do, its closure
/// called: in turns with the bare task-local read of the same struct and with the app's read
/// of the same client (``AppReadInTurns/timeClient(iterations:)``), which the row's ratio is to.
func measureClientRead(_ name: String) {
  let model = BenchClientModel()
  let place = name.replacingOccurrences(of: "@Dependency read of a capturing client ", with: "")
  let turns: [(name: String, time: (Int) -> Double)] = [
    (
      "floor: bare task-local read of a capturing client " + place,
      { time(iterations: $0) { ClientFloor.$capturing.get().fetch() } }
    ),
    (name, { time(iterations: $0) { model.client.fetch() } }),
    (
      "@Dependency read of a capturing client (live default), in turns with the read " + place,
      AppReadInTurns.timeClient
    ),
  ]
  recordInTurns(turns)
}

/// Times `turns` (a floor, the read in a test, the app's read) in turns, if any is selected,
/// and records them with the read's ratio to the app's read.
private func recordInTurns(_ turns: [(name: String, time: (Int) -> Double)]) {
  guard turns.contains(where: { isSelected($0.name) }) else { return }
  let rows = measureInTurns(turns)
  let (floor, app) = (rows[0], rows[2])
  var read = rows[1]
  read.ratioToFloor = read.nsPerOp / app.nsPerOp
  read.floorName = app.name
  testContextResults.withValue { $0.append(contentsOf: [floor, read, app]) }
}

@Test func benchmarkReadInsideASwiftTestingTest() {
  measureModelRead("@Dependency read inside a Swift Testing test")
  measureClientRead("@Dependency read of a capturing client inside a Swift Testing test")
}

/// The same read while another test's overrides are bound (here: held by escaped values for
/// as long as the reads are timed), as when tests with overrides run in parallel with this one.
@Test func benchmarkReadInsideASwiftTestingTestWhileOverridesAreBound() {
  let boundElsewhere = withDependencies {
    $0[Key1.self] = 1
  } operation: {
    withEscapedDependencies { $0 }
  }
  withExtendedLifetime(boundElsewhere) {
    measureModelRead(
      "@Dependency read inside a Swift Testing test, while overrides are bound elsewhere", whileOverridesBound: true)
  }
}

@Test(arguments: [1])
func benchmarkReadInsideAParameterisedCase(_ argument: Int) {
  measureModelRead("@Dependency read inside a parameterised case")
  measureClientRead("@Dependency read of a capturing client inside a parameterised case")
  let local = measure(localDependencyRowName + ", in a parameterised case", iterations: 50_000) {
    readThroughALocalDependency()
  }
  testContextResults.withValue { $0.append(local) }
}

/// The row of a function's own `@Dependency`, in the app and (with a suffix) in a test.
let localDependencyRowName = "@Dependency declared in a function and read"

@Suite(.dependencies { $0.benchNumber = BenchNumber(value: 9) })
struct UnderASuiteTrait {
  @Test func benchmarkReadUnderASuiteTrait() {
    measureModelRead("@Dependency read under a suite trait")
    measureClientRead("@Dependency read of a capturing client under a suite trait")
  }
}

/// Runs the Swift Testing tests in this executable whose names match `filter`, one at a time
/// or, with `parallel`, as `swift test` runs them.
func runSwiftTesting(filter: String, parallel: Bool = false) async {
  var arguments = __CommandLineArguments_v0()
  arguments.filter = [filter]
  arguments.quiet = true
  arguments.parallel = parallel
  let status: CInt = await __swiftPMEntryPoint(passing: arguments)
  if status != 0 { fatalError("the Swift Testing benchmarks failed (\(status))") }
}

#if !canImport(Darwin)
/// An XCTest method built from a closure (corelibs XCTest), run through XCTest so its
/// observers see it start and finish, as in a test bundle.
final class BenchmarkCase: XCTestCase {}

func runXCTestBenchmark() {
  BenchmarkCase(name: "benchmarkReadInsideAnXCTestMethod") { _ in
    measureModelRead("@Dependency read inside an XCTest method")
    measureClientRead("@Dependency read of a capturing client inside an XCTest method")
  }.run()
}
#endif

/// The child process's work: every test-context row, as JSON on standard output. On the main
/// thread, which waits for the Swift Testing tests rather than giving itself to the main queue:
/// corelibs XCTest runs a method called from a task by waiting on the run loop for a task of
/// its own, which a process with one core (one cooperative thread, this one) never runs, and
/// valgrind cannot run a process whose main thread has gone to the main queue (it crashes in
/// the `sigsuspend` that thread ends in), which counting instructions in a test needs.
@MainActor
func runTestContextBenchmarks() {
  let finished = DispatchSemaphore(value: 0)
  Task.detached {
    await runSwiftTesting(filter: "benchmarkRead")
    finished.signal()
  }
  finished.wait()
  #if !canImport(Darwin)
  runXCTestBenchmark()
  #endif
  print(benchmarkMarker + encode(testContextResults.value))
}

let benchmarkMarker = "AMBIENT-BENCHMARK-RESULTS "
