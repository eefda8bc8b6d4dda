import Ambient
import Dispatch
import Foundation

// Measures the cost of Ambient's operations in ns per operation and as a ratio to the bare
// task-local operation they are built on, in the same run. Build in release:
//
//   swift run -c release AmbientBenchmarks [--json]

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")

var results: [Measurement] = []
let floorRead = measure("floor: bare task-local read of a struct") { Floor.$value.get() }
let floorBind = measure("floor: bare TaskLocal.withValue") {
  Floor.$value.withValue(Floor(count: 1, box: Floor.sharedBox)) { Floor.value.count }
}

let model = BenchModel()
let overriddenModel = withDependencies { $0.benchNumber = BenchNumber(value: 7) } operation: { BenchModel() }
let keyPath: any KeyPath<DependencyValues, BenchNumber> & Sendable = \.benchNumber

results.append(floorRead)
results.append(measure("@Dependency read (live default)", floor: floorRead) { model.number.value })
results.append(measure("@Dependency read (overridden)", floor: floorRead) { overriddenModel.number.value })
results.append(measure("DependencyValues._current read through a key path", floor: floorRead) {
  DependencyValues._current[keyPath: keyPath].value
})
results.append(floorBind)
results.append(measure("withDependencies, 1 override", floor: floorBind) {
  withDependencies { $0.benchNumber = BenchNumber(value: 1) } operation: { 1 }
})
results.append(measure("withDependencies, 10 overrides", floor: floorBind) {
  withDependencies {
    $0.benchNumber = BenchNumber(value: 1)
    $0[Key1.self] = 1; $0[Key2.self] = 2; $0[Key3.self] = 3; $0[Key4.self] = 4; $0[Key5.self] = 5
    $0[Key6.self] = 6; $0[Key7.self] = 7; $0[Key8.self] = 8; $0[Key9.self] = 9
  } operation: { 1 }
})
results.append(measure("DependencyValues() creation", floor: floorRead) { DependencyValues() })
results.append(measure("model creation, three @Dependency properties", floor: floorRead) { ThreeDependencyModel() })
results.append(contentsOf: measureParallelReads(floor: floorRead))

if json {
  let objects = results.map { result -> [String: Any] in
    var object: [String: Any] = ["name": result.name, "nsPerOp": result.nsPerOp, "ratioToFloor": result.ratioToFloor]
    if let floor = result.floorName { object["floor"] = floor }
    if let scaling = result.throughputScaling { object["throughputScaling"] = scaling }
    return object
  }
  let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
  print(String(decoding: data, as: UTF8.self))
} else {
  print("Ambient benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores, release: \(isReleaseBuild))")
  for result in results { print(result.line) }
}
