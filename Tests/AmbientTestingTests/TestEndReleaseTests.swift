import Ambient
import AmbientTesting
import Testing
import XCTest

/// Counts deinits of the values a key hands out, for the release tests below.
final class ReleaseCounter: Sendable {
  private let count = LockIsolated(0)
  var deinits: Int { count.value }
  fileprivate func recordDeinit() { count.withValue { $0 += 1 } }
}

final class CountedValue: Sendable {
  let counter: ReleaseCounter
  init(_ counter: ReleaseCounter) { self.counter = counter }
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

/// Under `.dependencies`, each case of a parameterised test gets its own root, freed when that
/// case ends: by the time a case starts, every case that ran before it has given its value back.
/// Serialized, so "before" means ended.
@Suite(.serialized, .dependencies) struct SuiteTraitCaseReleaseTests {
  static let cases = 20
  static let casesStarted = LockIsolated(0)

  @Test(arguments: 0..<cases)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    let endedBefore = Self.casesStarted.withValue { started in
      defer { started += 1 }
      return started
    }
    #expect(SuiteTraitCaseValue.counter.deinits == endedBefore)
    _ = DependencyValues._current[SuiteTraitCaseValue.self]
    #expect(SuiteTraitCaseValue.counter.deinits == endedBefore)
  }

  @Test func everyCasesValueWasFreed() {
    #expect(SuiteTraitCaseValue.counter.deinits == Self.cases)
  }
}

/// The same with the trait on the parameterised test itself.
@Suite(.serialized) struct TestTraitCaseReleaseTests {
  static let cases = 20
  static let casesStarted = LockIsolated(0)

  @Test(.dependencies, arguments: 0..<cases)
  func eachCaseFindsTheEarlierCasesValuesFreed(_ index: Int) {
    let endedBefore = Self.casesStarted.withValue { started in
      defer { started += 1 }
      return started
    }
    #expect(TestTraitCaseValue.counter.deinits == endedBefore)
    _ = DependencyValues._current[TestTraitCaseValue.self]
  }

  @Test func everyCasesValueWasFreed() {
    #expect(TestTraitCaseValue.counter.deinits == Self.cases)
  }
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
