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

/// Runs the Swift Testing tests in this executable whose names match `filter`.
func runSwiftTesting(filter: String) async {
  var arguments = __CommandLineArguments_v0()
  arguments.filter = [filter]
  arguments.quiet = true
  arguments.parallel = false
  let status: CInt = await __swiftPMEntryPoint(passing: arguments)
  if status != 0 { fatalError("the Swift Testing benchmarks failed (\(status))") }
}

/// How many cases the parameterised memory rows run.
let parameterisedCaseCount = 20_000

/// Cases of a test without a `.dependencies` trait, each reading one default: Swift Testing
/// tells no one when they end, so their values go once 1,024 newer cases have started.
@Test(arguments: 0..<parameterisedCaseCount)
func benchmarkMemoryCaseReadingADefault(_ index: Int) {
  _ = DependencyValues._current.benchNumber
  if index % 500 == 0 { MemoryGrowth.sample() }
}

/// The same cases reading nothing: what Swift Testing itself keeps of each case.
@Test(arguments: 0..<parameterisedCaseCount)
func benchmarkMemoryCaseReadingNothing(_ index: Int) {
  if index % 500 == 0 { MemoryGrowth.sample() }
}

/// Peak and final growth of memory in use over the parameterised cases that read a default,
/// beyond the growth over the same cases reading nothing.
func measureParameterisedCases() async -> [Measurement] {
  let runner = await MemoryGrowth.measureAsync { await runSwiftTesting(filter: "benchmarkMemoryCaseReadingNothing") }
  let reading = await MemoryGrowth.measureAsync { await runSwiftTesting(filter: "benchmarkMemoryCaseReadingADefault") }
  return reading.rows(
    beyond: runner, over: "\(parameterisedCaseCount) Swift Testing cases without a trait reading one default"
  )
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
/// default value, beyond the growth over as many methods that read nothing (what XCTest itself
/// keeps of each test run).
func measureSimulatedTests(count: Int) -> [Measurement] {
  func growth(reading: Bool) -> MemoryGrowth {
    MemoryGrowth.measure {
      for index in 0..<count {
        BenchmarkCase(name: "simulatedTest\(index)") { _ in
          if reading { _ = DependencyValues._current.benchNumber }
        }.run()
        if index % 500 == 0 { MemoryGrowth.sample() }
      }
    }
  }
  let runner = growth(reading: false)
  return growth(reading: true).rows(beyond: runner, over: "\(count) XCTest methods reading one default")
}
#endif

/// The child process's work: every test-context row, as JSON on standard output.
func runTestContextBenchmarks() async {
  await runSwiftTesting(filter: "benchmarkRead")
  #if !canImport(Darwin)
  runXCTestBenchmark()
  testContextResults.withValue { $0.append(contentsOf: measureSimulatedTests(count: 20_000)) }
  let parameterised = await measureParameterisedCases()
  testContextResults.withValue { $0.append(contentsOf: parameterised) }
  #endif
  print(benchmarkMarker + encode(testContextResults.value))
}

let benchmarkMarker = "AMBIENT-BENCHMARK-RESULTS "
