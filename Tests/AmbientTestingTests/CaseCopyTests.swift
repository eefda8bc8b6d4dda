import Ambient
import AmbientTestSupport
import Testing

@testable import AmbientTesting

/// The two assumptions about Swift Testing's values that recognizing a case by the bits of a copy
/// of them rests on (see `CaseCopy`). Each failure names the assumption: if one fails after a
/// Swift Testing update, cases are no longer told apart, or no longer recognized, and the
/// tracker needs another way to name them.
@Suite struct CaseCopyTests {
  static let sameBits =
    "SwiftTestingTracker assumes that every copy of a case's Test and Test.Case values, made field by field into "
    + "zeroed memory, has the same bits, so that each ask recognizes the case by them"
  static let differentBits =
    "SwiftTestingTracker assumes that two cases' Test and Test.Case values differ in their bits while a copy of one "
    + "of them is kept, so that no case is taken for another"

  @Test(oneMinuteLimit) func everyCopyOfATestsValuesHasTheSameBits() async throws {
    try await expectSameBitsInEveryTask(of: nil)
  }

  @Test(oneMinuteLimit, arguments: [1, 2])
  func everyCopyOfACasesValuesHasTheSameBits(_ argument: Int) async throws {
    let testCase = try #require(Test.Case.current)
    try await expectSameBitsInEveryTask(of: testCase)
  }

  /// Keeps a copy of the running test's values (and of `testCase`'s) made here, and compares it
  /// with copies made again here, in a child task and in an unstructured task, which see the
  /// values through task-locals of their own.
  private func expectSameBitsInEveryTask(of testCase: Test.Case?) async throws {
    let kept = CaseCopy.withAsked(of: try #require(Test.current), testCase) { CaseCopy(taking: &$0) }
    let fromChild = await withTaskGroup(of: Bool.self) { group in
      group.addTask { Self.hasSameBits(kept, inCase: testCase != nil) }
      return await group.next() ?? false
    }
    let fromTask = await Task { Self.hasSameBits(kept, inCase: testCase != nil) }.value
    #expect(
      Self.hasSameBits(kept, inCase: testCase != nil),
      "\(Self.sameBits); Swift Testing changed: two copies of the running \(testCase == nil ? "test's" : "case's") values differ"
    )
    #expect(fromChild, "\(Self.sameBits); Swift Testing changed: a child task's copy of the values differs")
    #expect(fromTask, "\(Self.sameBits); Swift Testing changed: an unstructured task's copy of the values differs")
  }

  /// Whether a copy of the running test's values, made now, has the bits of `kept`.
  private static func hasSameBits(_ kept: CaseCopy, inCase: Bool) -> Bool {
    guard let test = Test.current else { return false }
    return CaseCopy.withAsked(of: test, inCase ? Test.Case.current : nil) { kept.hasSameBits(as: $0) }
  }

  /// Four cases with equal arguments, in parallel or not: each compares a copy of its values
  /// with those of the cases that ran before it, which stay kept.
  @Test(arguments: [7, 7, 7, 7])
  func casesWithEqualArgumentsDifferInTheirBits(_ argument: Int) throws {
    let testCase = try #require(Test.Case.current)
    try expectDifferentBits(
      from: Self.keptCases, testCase: testCase, what: "two cases of one test with equal arguments")
  }

  @Test func aTestWithoutArgumentsDiffersFromAnother() throws {
    try expectDifferentBits(from: Self.keptTests, testCase: nil, what: "two tests without arguments")
  }

  @Test func anotherTestWithoutArgumentsDiffersFromTheFirst() throws {
    try expectDifferentBits(from: Self.keptTests, testCase: nil, what: "two tests without arguments")
  }

  static let keptCases = LockIsolated<[CaseCopy]>([])
  static let keptTests = LockIsolated<[CaseCopy]>([])

  /// Expects a copy of the running case's values to differ in its bits from every copy in
  /// `kept`, then keeps it there for the cases that come after.
  private func expectDifferentBits(
    from kept: LockIsolated<[CaseCopy]>, testCase: Test.Case?, what: String
  ) throws {
    let test = try #require(Test.current)
    let sharesBits = CaseCopy.withAsked(of: test, testCase) { asked -> Bool in
      kept.withValue { kept in
        defer { kept.append(CaseCopy(taking: &asked)) }
        return kept.contains { $0.hasSameBits(as: asked) }
      }
    }
    #expect(!sharesBits, "\(Self.differentBits); Swift Testing changed: \(what) have values with the same bits")
  }
}
