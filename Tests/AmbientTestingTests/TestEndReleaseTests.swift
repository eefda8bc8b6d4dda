import Ambient
import Testing
import XCTest

@testable import AmbientTesting

/// Counts builds and deinits of the values a key hands out, for the release tests below.
final class ReleaseCounter: Sendable {
  private let counts = LockIsolated((builds: 0, deinits: 0))
  var builds: Int { counts.value.builds }
  var deinits: Int { counts.value.deinits }
  /// Values built and not freed yet.
  var alive: Int { counts.withValue { $0.builds - $0.deinits } }
  fileprivate func recordBuild() { counts.withValue { $0.builds += 1 } }
  fileprivate func recordDeinit() { counts.withValue { $0.deinits += 1 } }
}

final class CountedValue: Sendable {
  let counter: ReleaseCounter
  init(_ counter: ReleaseCounter) {
    self.counter = counter
    counter.recordBuild()
  }
  deinit { counter.recordDeinit() }
}

enum SwiftTestingCaseValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

enum TraitScopedValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

enum SuiteTraitCaseValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

enum TestTraitCaseValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

enum XCTestMethodValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

/// A finished test's default values are freed. Each test checks what the cases before it in
/// the same test left behind, so each passes alone (`swift test --filter`), in any order.
@Suite(.serialized) struct TestEndReleaseTests {
  static let cases = 1_100

  /// Swift Testing says nothing when a test without a trait ends, so a case's values are freed
  /// once about `retainedTests` newer cases have asked for theirs, if nothing holds them: of
  /// these cases, which hold nothing, at most that many are alive when the last one runs.
  @Test(arguments: 0..<cases)
  func finishedCasesValuesAreFreedWithoutATrait(_ index: Int) {
    _ = DependencyValues._current[SwiftTestingCaseValue.self]
    guard index == Self.cases - 1 else { return }
    #expect(SwiftTestingCaseValue.counter.builds == Self.cases)
    #expect(SwiftTestingCaseValue.counter.alive <= SwiftTestingTracker.retainedTests)
  }
}

/// Under `.dependencies`, each case of a parameterised test gets its own default values, freed
/// when the case ends (the trait binds nothing per case, which would cost every case's task
/// memory until the test ends): each case starts from fresh values and finds the earlier
/// cases' freed. Serialized, so the cases before it have ended.
@Suite(.serialized, .dependencies) struct SuiteTraitCaseReleaseTests {
  @Test(arguments: 0..<3)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    #expect(SuiteTraitCaseValue.counter.alive == 0)
    #expect(SuiteTraitCaseValue.counter.builds == index)
    _ = DependencyValues._current[SuiteTraitCaseValue.self]
    _ = DependencyValues._current[SuiteTraitCaseValue.self]
    #expect(SuiteTraitCaseValue.counter.builds == index + 1)
    #expect(SuiteTraitCaseValue.counter.alive == 1)
  }
}

/// The same with the trait on the parameterised test itself, and the value held by a model.
@Suite(.serialized) struct TestTraitCaseReleaseTests {
  @Test(.dependencies, arguments: 0..<3)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    #expect(TestTraitCaseValue.counter.alive == 0)
    #expect(TestTraitCaseValue.counter.builds == index)
    let model = CountedValueModel()
    _ = model.value
    #expect(TestTraitCaseValue.counter.builds == index + 1)
    #expect(TestTraitCaseValue.counter.alive == 1)
  }
}

/// A model holding a counted value, captured when it is created.
final class CountedValueModel {
  @Dependency(TestTraitCaseValue.self) var value
}

enum UpdatingTraitCaseValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

/// A trait that changes values runs around each case, so each case's values are freed as soon
/// as that case ends.
@Suite(.serialized, .dependency(\.releaseTestNumber, 1)) struct UpdatingTraitCaseReleaseTests {
  @Test(arguments: 0..<3)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    #expect(UpdatingTraitCaseValue.counter.alive == 0)
    #expect(UpdatingTraitCaseValue.counter.builds == index)
    _ = DependencyValues._current[UpdatingTraitCaseValue.self]
    #expect(UpdatingTraitCaseValue.counter.builds == index + 1)
    #expect(UpdatingTraitCaseValue.counter.alive == 1)
  }
}

extension DependencyValues {
  /// A number for the trait above to set.
  var releaseTestNumber: Int {
    get { self[ReleaseTestNumber.self] }
    set { self[ReleaseTestNumber.self] = newValue }
  }
}

enum ReleaseTestNumber: TestDependencyKey {
  static let testValue = 0
}

#if !canImport(Darwin)
/// A test method run inside this one; corelibs XCTest builds a test case from a closure.
final class ReadsADefaultOnce: XCTestCase {}

final class XCTestEndReleaseTests: XCTestCase {
  /// Runs three test methods through XCTest, one after another (its observers see each start and
  /// finish): each starts from fresh values and finds the earlier methods' values freed.
  func testAFinishedTestMethodsValuesAreFreed() {
    let counter = XCTestMethodValue.counter
    let before = counter.builds
    // What each method saw: values alive at its start, and its builds. Asserted here, in this
    // method, rather than in the probes, whose failures are their own.
    let seen = LockIsolated<[(aliveAtStart: Int, builds: Int)]>([])
    for _ in 0..<3 {
      let probe = ReadsADefaultOnce(name: "readsADefault") { _ in
        let aliveAtStart = counter.alive
        _ = DependencyValues._current[XCTestMethodValue.self]
        _ = DependencyValues._current[XCTestMethodValue.self]
        seen.withValue { $0.append((aliveAtStart, counter.builds - before)) }
      }
      probe.run()
    }
    XCTAssertEqual(seen.value.map(\.aliveAtStart), [0, 0, 0])
    XCTAssertEqual(seen.value.map(\.builds), [1, 2, 3])
    XCTAssertEqual(counter.alive, 0)
  }
}
#endif
