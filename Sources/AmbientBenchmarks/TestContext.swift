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
/// Beside it, the bare task-local read in the same place: a test runner binds task-locals of
/// its own, and a lookup of one that is not bound there walks past all of them.
func measureModelRead(_ name: String) {
  let model = BenchModel()
  let floor = measure("floor: bare task-local read " + name.replacingOccurrences(of: "@Dependency read ", with: "")) {
    Floor.$value.get()
  }
  let result = measure(name, floor: floor, iterations: 1_000_000) { model.number.value }
  testContextResults.withValue { $0.append(contentsOf: [floor, result]) }
}

@Test func benchmarkReadInsideASwiftTestingTest() {
  measureModelRead("@Dependency read inside a Swift Testing test")
}

@Test(arguments: [1])
func benchmarkReadInsideAParameterisedCase(_ argument: Int) {
  measureModelRead("@Dependency read inside a parameterised case")
}

@Suite(.dependencies { $0.benchNumber = BenchNumber(value: 9) })
struct UnderASuiteTrait {
  @Test func benchmarkReadUnderASuiteTrait() {
    measureModelRead("@Dependency read under a suite trait")
  }
}

/// Runs every `benchmark…` Swift Testing test in this executable.
func runSwiftTestingBenchmarks() async {
  var arguments = __CommandLineArguments_v0()
  arguments.filter = ["benchmarkRead"]
  arguments.quiet = true
  arguments.parallel = false
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
  }.run()
}

/// Peak and final growth of memory in use over `count` XCTest methods that each read one
/// default value, and how many bytes stay once they are over.
func measureSimulatedTests(count: Int) -> [Measurement] {
  let start = MemoryInUse.bytes
  var peak = start
  for index in 0..<count {
    BenchmarkCase(name: "simulatedTest\(index)") { _ in
      _ = DependencyValues._current.benchNumber
    }.run()
    if index % 500 == 0 { peak = max(peak, MemoryInUse.bytes) }
  }
  let end = MemoryInUse.bytes
  peak = max(peak, end)
  return [
    Measurement(
      name: "memory growth, peak, over \(count) tests reading one default (MB)",
      nsPerOp: Double(peak - start) / 1_048_576, ratioToFloor: 1, floorName: nil
    ),
    Measurement(
      name: "memory kept after \(count) tests reading one default (MB)",
      nsPerOp: Double(max(0, end - start)) / 1_048_576, ratioToFloor: 1, floorName: nil
    ),
  ]
}
#endif

/// The child process's work: every test-context row, as JSON on standard output.
func runTestContextBenchmarks() async {
  await runSwiftTestingBenchmarks()
  #if !canImport(Darwin)
  runXCTestBenchmark()
  testContextResults.withValue { $0.append(contentsOf: measureSimulatedTests(count: 20_000)) }
  #endif
  print(benchmarkMarker + encode(testContextResults.value))
}

let benchmarkMarker = "AMBIENT-BENCHMARK-RESULTS "
