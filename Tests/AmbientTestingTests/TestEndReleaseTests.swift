import Ambient
import AmbientTesting
import Testing
import XCTest

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

/// A finished test's default values are freed. Serialized: the last test of each pair checks
/// what the first left behind.
@Suite(.serialized) struct TestEndReleaseTests {
  static let cases = 1_100

  /// Swift Testing says nothing when a test ends, so a test's values are freed once
  /// `retainedTests` newer tests have asked for theirs: of these cases, all but the last 1,024
  /// at most.
  @Test(arguments: 0..<cases)
  func eachCaseReadsADefault(_ index: Int) {
    _ = DependencyValues._current[SwiftTestingCaseValue.self]
  }

  @Test func finishedCasesValuesWereFreed() {
    #expect(SwiftTestingCaseValue.counter.deinits >= Self.cases - 1_024)
  }

  @Test(.dependencies) func underATraitReadsADefault() {
    _ = DependencyValues._current[TraitScopedValue.self]
    #expect(TraitScopedValue.counter.deinits == 0)
  }

  @Test func aTraitScopedTestsValuesAreFreedWhenItEnds() {
    #expect(TraitScopedValue.counter.deinits == 1)
  }
}

/// Under `.dependencies`, each case of a parameterised test gets its own default values, all
/// freed when the test ends (the trait binds nothing per case, which would cost every case's
/// task memory until the test ends): each case builds its own value, and the earlier cases'
/// are still alive while the test runs. Serialized, so the cases before it have ended.
@Suite(.serialized, .dependencies) struct SuiteTraitCaseReleaseTests {
  static let cases = 20

  @Test(arguments: 0..<cases)
  func eachCaseBuildsItsOwnValue(_ index: Int) {
    #expect(SuiteTraitCaseValue.counter.builds == index)
    _ = DependencyValues._current[SuiteTraitCaseValue.self]
    _ = DependencyValues._current[SuiteTraitCaseValue.self]
    #expect(SuiteTraitCaseValue.counter.builds == index + 1)
    #expect(SuiteTraitCaseValue.counter.deinits == 0)
  }

  @Test func everyCasesValueWasFreedWhenTheTestEnded() {
    #expect(SuiteTraitCaseValue.counter.builds == Self.cases)
    #expect(SuiteTraitCaseValue.counter.deinits == Self.cases)
  }
}

/// The same with the trait on the parameterised test itself.
@Suite(.serialized) struct TestTraitCaseReleaseTests {
  static let cases = 20

  @Test(.dependencies, arguments: 0..<cases)
  func eachCaseBuildsItsOwnValue(_ index: Int) {
    #expect(TestTraitCaseValue.counter.builds == index)
    _ = DependencyValues._current[TestTraitCaseValue.self]
    #expect(TestTraitCaseValue.counter.builds == index + 1)
    #expect(TestTraitCaseValue.counter.deinits == 0)
  }

  @Test func everyCasesValueWasFreedWhenTheTestEnded() {
    #expect(TestTraitCaseValue.counter.builds == Self.cases)
    #expect(TestTraitCaseValue.counter.deinits == Self.cases)
  }
}

enum UpdatingTraitCaseValue: TestDependencyKey {
  static let counter = ReleaseCounter()
  static var testValue: CountedValue { CountedValue(counter) }
}

/// A trait that changes values runs around each case, so each case's values are freed as soon
/// as that case ends.
@Suite(.serialized, .dependency(\.releaseTestNumber, 1)) struct UpdatingTraitCaseReleaseTests {
  static let cases = 20

  @Test(arguments: 0..<cases)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    #expect(UpdatingTraitCaseValue.counter.alive == 0)
    _ = DependencyValues._current[UpdatingTraitCaseValue.self]
    #expect(UpdatingTraitCaseValue.counter.alive == 1)
  }

  @Test func everyCasesValueWasFreed() {
    #expect(UpdatingTraitCaseValue.counter.builds == Self.cases)
    #expect(UpdatingTraitCaseValue.counter.deinits == Self.cases)
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
  /// Runs another test method through XCTest (its observers see it start and finish) and
  /// checks that the default value it built was freed when it finished.
  func testAFinishedTestMethodsValuesAreFreed() {
    let before = XCTestMethodValue.counter.deinits
    let probe = ReadsADefaultOnce(name: "readsADefault") { _ in
      _ = DependencyValues._current[XCTestMethodValue.self]
    }
    probe.run()
    XCTAssertEqual(XCTestMethodValue.counter.deinits - before, 1)
  }
}
#endif
