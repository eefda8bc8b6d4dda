import Ambient
import AmbientTestSupport
import Testing

@testable import AmbientTesting

/// What recognizing the running case rests on (see `CaseCopy`): a test is named by its name and
/// source location, a parameterised test's case by the bits of a copy of its `Test.Case`. Each
/// failure names the assumption that stopped holding: after a Swift Testing update, cases would
/// no longer be told apart, or no longer recognized, and the tracker needs another way to name
/// them.
@Suite struct CaseCopyTests {
  static let sameCase =
    "SwiftTestingTracker assumes that every task of a test sees the same name and source location, and every copy "
    + "of a case's Test.Case, made field by field into zeroed memory, has the same bits"
  static let otherCase =
    "SwiftTestingTracker assumes that no two tests share a name and a source location, and that two cases' "
    + "Test.Case values differ in their bits while a copy of one of them is kept"

  @Test(oneMinuteLimit) func aTestIsTheSameCaseInEveryTask() async throws {
    try await expectTheSameCaseInEveryTask(of: nil)
  }

  @Test(oneMinuteLimit, arguments: [1, 2])
  func aParameterisedCaseIsTheSameCaseInEveryTask(_ argument: Int) async throws {
    let testCase = try #require(Test.Case.current)
    try await expectTheSameCaseInEveryTask(of: testCase)
  }

  /// Keeps the running case, asked here (its `Test.Case` moved into the copy, as the tracker
  /// keeps it), and compares it with the case asked again here, in a child task and in an
  /// unstructured task, which see Swift Testing's values through task-locals of their own.
  private func expectTheSameCaseInEveryTask(of testCase: Test.Case?) async throws {
    let kept = CaseCopy.withAsked(of: try #require(Test.current), testCase) { CaseCopy(taking: &$0) }
    let inChild = await withTaskGroup(of: Bool.self) { group in
      group.addTask { Self.isRunning(kept, inCase: testCase != nil) }
      return await group.next() ?? false
    }
    let inTask = await Task { Self.isRunning(kept, inCase: testCase != nil) }.value
    let what = testCase == nil ? "test" : "case"
    #expect(
      Self.isRunning(kept, inCase: testCase != nil),
      "\(Self.sameCase); Swift Testing changed: the running \(what), asked twice, is two cases")
    #expect(inChild, "\(Self.sameCase); Swift Testing changed: a child task's \(what) is another case")
    #expect(inTask, "\(Self.sameCase); Swift Testing changed: an unstructured task's \(what) is another case")
  }

  /// Whether the running case, asked now, is the case `kept` keeps.
  private static func isRunning(_ kept: CaseCopy, inCase: Bool) -> Bool {
    guard let test = Test.current else { return false }
    return CaseCopy.withAsked(of: test, inCase ? Test.Case.current : nil) { kept.isSameCase(as: $0) }
  }

  /// Four cases with equal arguments, in parallel or not: each compares itself with the cases
  /// that ran before it, which stay kept.
  @Test(arguments: [7, 7, 7, 7])
  func casesWithEqualArgumentsAreCasesOfTheirOwn(_ argument: Int) throws {
    let testCase = try #require(Test.Case.current)
    try expectACaseOfItsOwn(
      among: Self.keptCases, testCase: testCase, what: "two cases of one test with equal arguments")
  }

  @Test func aTestWithoutArgumentsIsACaseOfItsOwn() throws {
    try expectACaseOfItsOwn(among: Self.keptTests, testCase: nil, what: "two tests without arguments")
  }

  @Test func anotherTestWithoutArgumentsIsACaseOfItsOwn() throws {
    try expectACaseOfItsOwn(among: Self.keptTests, testCase: nil, what: "two tests without arguments")
  }

  static let keptCases = LockIsolated<[CaseCopy]>([])
  static let keptTests = LockIsolated<[CaseCopy]>([])

  /// Expects the running case to be none of the cases in `kept`, then keeps it there for the
  /// cases that come after.
  private func expectACaseOfItsOwn(
    among kept: LockIsolated<[CaseCopy]>, testCase: Test.Case?, what: String
  ) throws {
    let test = try #require(Test.current)
    let isKept = CaseCopy.withAsked(of: test, testCase) { asked -> Bool in
      kept.withValue { kept in
        defer { kept.append(CaseCopy(taking: &asked)) }
        return kept.contains { $0.isSameCase(as: asked) }
      }
    }
    #expect(!isKept, "\(Self.otherCase); Swift Testing changed: \(what) are one case")
  }
}
