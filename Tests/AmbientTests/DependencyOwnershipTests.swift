import AmbientTestSupport
import Dispatch
import Testing

@testable import Ambient

/// An override that counts its deinits: proof of when a wrapper gives its captured values back.
private final class Captured: Sendable {
  let deinits: LockIsolated<Int>
  init(deinits: LockIsolated<Int>) { self.deinits = deinits }
  deinit { deinits.withValue { $0 += 1 } }
}

private enum CapturedKey: TestDependencyKey {
  static var testValue: Captured? { nil }
}

/// A model reading the override through a class's stored property, the path whose reads borrow
/// the wrapper's captured values instead of retaining them.
// @unchecked: its one property is a Sendable wrapper that is never reassigned.
private final class CapturingModel: @unchecked Sendable {
  @Dependency(CapturedKey.self) var captured
}

/// A value type holding the wrapper, so that a test can copy the wrapper out of its model.
private struct CapturingFeature: Sendable {
  @Dependency(CapturedKey.self) var captured
}

private final class FeatureModel {
  var feature = CapturingFeature()
}

/// A wrapper owns the values it captured: reads borrow them, but only the wrapper, or a copy of
/// it, keeps them alive, for exactly as long as it lives.
@Suite struct DependencyOwnershipTests {
  @Test func aModelReadsItsCapturedOverrideAfterItsScopeEndedAndFreesItWithTheModel() {
    let deinits = LockIsolated(0)
    var model: CapturingModel? = withDependencies {
      $0[CapturedKey.self] = Captured(deinits: deinits)
    } operation: {
      CapturingModel()
    }
    // Nothing but the model holds the overrides now (the scope ended; the object-scope entry
    // keeps an uncounted copy until it is pruned).
    ObjectScopes.prune()

    for _ in 0..<1_000 {
      #expect(model?.captured?.deinits === deinits)
    }
    #expect(deinits.value == 0, "the reads took nothing from the model's values")

    model = nil
    ObjectScopes.prune()
    #expect(deinits.value == 1, "the model's captured values are freed with it")
  }

  @Test func aCopiedWrapperOutlivesItsModelAndKeepsItsValuesUntilItIsGone() {
    let deinits = LockIsolated(0)
    do {
      let copy: CapturingFeature
      do {
        let model = withDependencies {
          $0[CapturedKey.self] = Captured(deinits: deinits)
        } operation: {
          FeatureModel()
        }
        copy = model.feature
      }
      ObjectScopes.prune()

      #expect(copy.captured?.deinits === deinits, "the copy reads what its model captured")
      #expect(deinits.value == 0, "the copy keeps the values alive")
    }
    ObjectScopes.prune()
    #expect(deinits.value == 1, "and gives them back when it is gone")
  }

  @Test(oneMinuteLimit) func twoThreadsReadingOneModelSeeItsOverrideAndLeaveItsValuesIntact() {
    let deinits = LockIsolated(0)
    let reads = 100_000
    do {
      let model = withDependencies {
        $0[CapturedKey.self] = Captured(deinits: deinits)
      } operation: {
        CapturingModel()
      }
      ObjectScopes.prune()

      // Both threads are done with the model when this returns (a thread of one's own could
      // still hold its closure, and the model, for a moment after it reported back).
      let seen = LockIsolated<[Int]>([])
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let count = Self.count(reads, of: model, seeing: deinits)
        seen.withValue { $0.append(count) }
      }

      #expect(seen.value == [reads, reads])
      #expect(deinits.value == 0)
    }
    ObjectScopes.prune()
    #expect(deinits.value == 1, "unbalanced reference counting would leak the values or free them early")
  }

  /// How many of `reads` reads of `model` found the override that counts into `deinits`.
  private static func count(_ reads: Int, of model: CapturingModel, seeing deinits: LockIsolated<Int>) -> Int {
    var seen = 0
    for _ in 0..<reads where model.captured?.deinits === deinits { seen += 1 }
    return seen
  }
}
