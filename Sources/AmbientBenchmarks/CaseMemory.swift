import Ambient
import AmbientTesting
import Foundation
import Testing
import XCTest

// What many tests cost in memory, as a user's process shows it: each configuration runs in a
// child process of its own (so one's peak cannot hide another's), in the test context, and
// reports its peak resident memory beside the allocator's bytes. A row is the difference
// between two configurations that differ only in what Ambient does, so what the test framework
// itself keeps of each case cancels out: within each round, as the median over rounds.

/// How many cases (or XCTest methods) each configuration runs: 20,000, or
/// `AMBIENT_BENCHMARK_CASES` for a quicker look (Swift Testing takes minutes over 20,000 cases
/// run in parallel).
let memoryCaseCount = ProcessInfo.processInfo.environment["AMBIENT_BENCHMARK_CASES"].flatMap(Int.init) ?? 20_000

/// A default value of 256 bytes, a new object for each root that reads it.
final class Payload: Sendable {
  let bytes = InlineArray<256, UInt8>(repeating: 1)
}

enum PayloadKey: DependencyKey {
  static var liveValue: Payload { Payload() }
  static var testValue: Payload { Payload() }
}

/// The work of one case: read the payload or nothing, and let the allocator's peak be sampled.
func memoryCase(_ index: Int, reading: Bool) {
  if reading { blackHole(DependencyValues._current[PayloadKey.self]) }
  if index % 500 == 0 { MemoryGrowth.sample() }
}

/// A scoping trait that changes nothing, where plain `.dependencies` scopes: around each test
/// function and around each of its cases, so that the rows beyond it compare scopes like for
/// like. (With Swift Testing's default, a trait on a test function scopes it once, not each
/// case; measured on Linux with Swift 6.3, scoping each case too made no difference here.)
struct NoOpScope: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { test.isSuite ? nil : self }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await function()
  }
}

@Suite(.dependencies) struct MemoryUnderDependenciesTrait {
  @Test(arguments: 0..<memoryCaseCount) func readingNothing(_ index: Int) { memoryCase(index, reading: false) }
  @Test(arguments: 0..<memoryCaseCount) func readingADefault(_ index: Int) { memoryCase(index, reading: true) }
}

@Suite(NoOpScope()) struct MemoryUnderNoOpTrait {
  @Test(arguments: 0..<memoryCaseCount) func readingNothing(_ index: Int) { memoryCase(index, reading: false) }
  @Test(arguments: 0..<memoryCaseCount) func readingADefault(_ index: Int) { memoryCase(index, reading: true) }
}

@Suite struct MemoryWithoutTrait {
  @Test(arguments: 0..<memoryCaseCount) func readingNothing(_ index: Int) { memoryCase(index, reading: false) }
  @Test(arguments: 0..<memoryCaseCount) func readingADefault(_ index: Int) { memoryCase(index, reading: true) }
}

/// One way of running many tests, measured in a child process of its own.
enum MemoryConfiguration: String, CaseIterable, Sendable {
  case dependenciesTraitReadingNothing, dependenciesTraitReadingADefault
  case noOpTraitReadingNothing, noOpTraitReadingADefault
  case noTraitReadingNothing, noTraitReadingADefault
  case xcTestReadingNothing, xcTestReadingADefault

  /// Runs the configuration's tests in this process, Swift Testing's in parallel as `swift test`
  /// runs them: then Swift Testing keeps each finished case's task (and the memory its deepest
  /// chain of calls took) until the test ends, which is where per-case costs show. On the main
  /// thread, which waits for Swift Testing's cases, for XCTest's sake and valgrind's (see
  /// ``runSwiftTestingWhileMainThreadWaits(filter:)``).
  @MainActor
  func run() {
    switch self {
    case .xcTestReadingNothing: runXCTestMethods(reading: false)
    case .xcTestReadingADefault: runXCTestMethods(reading: true)
    default: Self.runSwiftTestingWhileMainThreadWaits(filter: swiftTestingFilter)
    }
  }

  /// Runs Swift Testing's cases on the cooperative pool while the main thread waits, as the
  /// test-context rows do, rather than giving the main thread to the main queue: valgrind
  /// cannot run a process whose main thread has (it crashes in the `sigsuspend` that thread
  /// ends in), and callgrind's instruction counts are how a case's cost is measured on a
  /// loaded machine.
  private static func runSwiftTestingWhileMainThreadWaits(filter: String) {
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
      await runSwiftTesting(filter: filter, parallel: true)
      finished.signal()
    }
    finished.wait()
  }

  /// The Swift Testing test whose cases this configuration runs.
  private var swiftTestingFilter: String {
    let suite =
      switch self {
      case .dependenciesTraitReadingNothing, .dependenciesTraitReadingADefault: "MemoryUnderDependenciesTrait"
      case .noOpTraitReadingNothing, .noOpTraitReadingADefault: "MemoryUnderNoOpTrait"
      default: "MemoryWithoutTrait"
      }
    return suite + (rawValue.hasSuffix("ReadingNothing") ? "/readingNothing" : "/readingADefault")
  }

  private func runXCTestMethods(reading: Bool) {
    #if !canImport(Darwin)
    for index in 0..<memoryCaseCount {
      BenchmarkCase(name: "memoryTest\(index)") { _ in memoryCase(index, reading: reading) }.run()
    }
    #endif
  }
}

/// What one configuration used: its process's peak resident memory, and the allocator's bytes
/// at their peak and at the end, counted from just before its tests started.
struct MemoryUse: Codable, Sendable {
  var peakResident: Int
  var allocatorPeak: Int
  var allocatorKept: Int

  /// The child process's work: runs `configuration` and prints what it used. Never suspends, so
  /// the main thread never goes to the main queue (see `MemoryConfiguration.run()`).
  @MainActor
  static func report(_ configuration: MemoryConfiguration) {
    let growth = MemoryGrowth.measure { configuration.run() }
    let use = MemoryUse(
      peakResident: PeakResidentMemory.bytes, allocatorPeak: growth.peak, allocatorKept: growth.kept
    )
    let json = String(decoding: (try? JSONEncoder().encode(use)) ?? Data(), as: UTF8.self)
    print(benchmarkMarker + json)
  }

  /// Runs `configuration` in a child process of this executable and reads what it used.
  static func measured(_ configuration: MemoryConfiguration) -> MemoryUse {
    let line = childResultLine(arguments: ["--memory-configuration", configuration.rawValue])
    guard let use = try? JSONDecoder().decode(MemoryUse.self, from: Data(line.utf8)) else {
      fatalError("the memory configuration \(configuration.rawValue) printed no usage: \(line)")
    }
    return use
  }

  /// The rows for these figures (differences), over `work`, in MB.
  func rows(over work: String) -> [Measurement] {
    func row(_ name: String, _ bytes: Int) -> Measurement {
      Measurement(name: name, nsPerOp: Double(bytes) / 1_048_576, ratioToFloor: 1, floorName: nil)
    }
    return [
      row("peak resident memory over \(work) (MB)", peakResident),
      row("allocator's bytes, peak, over \(work) (MB)", allocatorPeak),
      row("allocator's bytes kept after \(work) (MB)", allocatorKept),
    ]
  }
}

/// How many rounds of every configuration run: 3, or `AMBIENT_BENCHMARK_MEMORY_RUNS`.
let memoryRuns = ProcessInfo.processInfo.environment["AMBIENT_BENCHMARK_MEMORY_RUNS"].flatMap(Int.init) ?? 3

extension MemoryUse {
  /// The median over the rounds of `runs` beyond `baseline`'s runs in the same round, figure by
  /// figure. Swift Testing keeps memory for every case started and not yet collected (about
  /// 270 MB over 20,000 parallel cases), and how much of it is alive at once moves by up to
  /// ±10 MB between runs of one configuration; a difference within a round and the median over
  /// rounds leave out most of that.
  static func medianDifference(of runs: [MemoryUse], beyond baseline: [MemoryUse]) -> MemoryUse {
    func median(_ figure: KeyPath<MemoryUse, Int>) -> Int {
      let differences = zip(runs, baseline).map { $0[keyPath: figure] - $1[keyPath: figure] }.sorted()
      return differences[differences.count / 2]
    }
    return MemoryUse(
      peakResident: median(\.peakResident), allocatorPeak: median(\.allocatorPeak),
      allocatorKept: median(\.allocatorKept)
    )
  }
}

/// The memory rows: each configuration beyond the one that differs from it only in Ambient's
/// work (a `.dependencies` trait against a no-op scoping trait, a read against none), as the
/// median over ``memoryRuns`` rounds, each of which runs every configuration once.
func memoryRows() -> [Measurement] {
  var runs: [MemoryConfiguration: [MemoryUse]] = [:]
  let rounds = max(1, memoryRuns)
  for round in 1...rounds {
    for configuration in MemoryConfiguration.allCases {
      Progress.row("round \(round) of \(rounds): \(memoryCaseCount) cases, \(configuration.rawValue)")
      runs[configuration, default: []].append(.measured(configuration))
    }
  }
  func difference(_ configuration: MemoryConfiguration, beyond baseline: MemoryConfiguration, over work: String)
    -> [Measurement]
  {
    MemoryUse.medianDifference(of: runs[configuration]!, beyond: runs[baseline]!).rows(over: work)
  }
  let cases = "\(memoryCaseCount) cases"
  var rows = difference(
    .dependenciesTraitReadingNothing, beyond: .noOpTraitReadingNothing,
    over: "\(cases) under .dependencies reading nothing, beyond a no-op trait"
  )
  rows += difference(
    .dependenciesTraitReadingADefault, beyond: .noOpTraitReadingADefault,
    over: "\(cases) under .dependencies reading 256 B, beyond a no-op trait"
  )
  rows += difference(
    .noTraitReadingADefault, beyond: .noTraitReadingNothing,
    over: "\(cases) without a trait reading 256 B, beyond reading nothing"
  )
  #if !canImport(Darwin)
  rows += difference(
    .xcTestReadingADefault, beyond: .xcTestReadingNothing,
    over: "\(memoryCaseCount) XCTest methods reading 256 B, beyond reading nothing"
  )
  #endif
  return rows
}
