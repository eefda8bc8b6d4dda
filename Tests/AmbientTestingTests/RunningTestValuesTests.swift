import Ambient
import AmbientTestSupport
import Testing

/// A test without a trait keeps its default values until it ends, however many newer cases run
/// beside it: Swift Testing says nothing when such a test ends, and the tracker, which makes
/// room for newer cases, must not take a running test's values away: otherwise two models of
/// one test hold different instances once about 1,024 newer cases have run.
@Suite struct RunningTestValuesTests {
  /// The cases beside the long one; at least ``newerCases`` of them start after it captured its
  /// values (the tracker keeps about 1,024 cases without a model).
  static let besideCases = 1_200
  static let newerCases = 1_100

  /// Case 0 is the long one: it creates a model, then waits (no sleep: a countdown the other
  /// cases count down) until every other case has run, then creates a second model, which must
  /// read the very same value. The cases of one test start in argument order, so case 0 is
  /// among the first and the others run beside it, in parallel. Swift Testing's parallel
  /// execution (its default) is needed: run serially, case 0 would wait for cases that cannot
  /// start, and the time limit ends it.
  @Test(siblingCasesLimit, arguments: 0...besideCases)
  func aLongCaseKeepsItsValuesBesideNewerCases(_ index: Int) async {
    guard index == 0 else {
      // Each case asks for values of its own, as every case that reads a default does.
      _ = DependencyValues._current[BesideCaseValue.self]
      Self.progress.caseRan()
      return
    }
    let first = KeptValueModel()
    let kept = first.value
    Self.progress.longCaseCaptured()
    await Self.progress.untilEveryOtherCaseRan(Self.besideCases)
    #expect(Self.progress.newerCases >= Self.newerCases, "too few cases ran beside the long one to test it")
    #expect(KeptValueModel().value === kept, "a second model of the running case read a new value")
    #expect(DependencyValues._current[KeptValue.self] === kept)
  }

  static let progress = CaseProgress()
}

/// The long case's time limit: five minutes rather than one, since the cases it waits for share
/// the machine with every other suite, which takes minutes under ThreadSanitizer on a busy
/// 2-core machine. Only where Swift Testing offers time limits (see `oneMinuteLimit`).
let siblingCasesLimit: any TestTrait = {
  guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return ConditionTrait.enabled(if: true) }
  return TimeLimitTrait.timeLimit(.minutes(5))
}()

/// How many cases ran, and how many of them after the long case captured its values; resumes
/// the long case once all have.
final class CaseProgress: Sendable {
  private struct State {
    var ran = 0
    var newer = 0
    var captured = false
    var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
  }

  private let state = LockIsolated(State())

  var newerCases: Int { state.value.newer }

  func longCaseCaptured() { state.withValue { $0.captured = true } }

  func caseRan() {
    let resume = state.withValue { state -> CheckedContinuation<Void, Never>? in
      state.ran += 1
      if state.captured { state.newer += 1 }
      guard let waiter = state.waiter, state.ran >= waiter.count else { return nil }
      state.waiter = nil
      return waiter.continuation
    }
    resume?.resume()
  }

  /// Returns once `count` cases ran, or when the task is cancelled (by the time limit).
  func untilEveryOtherCaseRan(_ count: Int) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let done = state.withValue { state -> Bool in
          if state.ran >= count || Task.isCancelled { return true }
          state.waiter = (count, continuation)
          return false
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      state.withValue { state -> CheckedContinuation<Void, Never>? in
        defer { state.waiter = nil }
        return state.waiter?.continuation
      }?.resume()
    }
  }
}

/// A value with an identity: a default built anew is another instance.
final class KeptValue: TestDependencyKey, Sendable {
  static var testValue: KeptValue { KeptValue() }
}

enum BesideCaseValue: TestDependencyKey {
  static var testValue: KeptValue { KeptValue() }
}

/// A model holding the long case's value, captured when it is created.
final class KeptValueModel {
  @Dependency(KeptValue.self) var value
}
