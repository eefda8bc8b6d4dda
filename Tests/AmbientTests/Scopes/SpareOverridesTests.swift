import AmbientRuntime
import Foundation
import Testing

@testable import Ambient

/// A synchronous `withDependencies` whose set of overrides nothing else holds when it ends
/// leaves it, emptied, as its thread's spare for the next scope (`SpareOverrides.swift`). These
/// pin that a spare carries nothing from one scope into the next, frees every value when its
/// scope ends, is never one that a model captured, and belongs to one thread.
///
/// Only sets of overrides over the process's shared root are kept as spares. In a test process
/// a scope started with nothing bound is over the running test's root, so each test here runs
/// its scopes inside values over the shared root (`overShared`), as an app's scopes are.
@Suite struct SpareOverridesTests {
  private enum NumberKey: TestDependencyKey {
    static var testValue: Int { 0 }
  }
  private enum OtherNumberKey: TestDependencyKey {
    static var testValue: Int { 0 }
  }
  /// Kept in the table's value in place (one word, not trivially copyable).
  private enum TrackedKey: TestDependencyKey {
    static var testValue: Tracked? { nil }
  }
  /// Boxed: too big for the value in place.
  private enum BigKey: TestDependencyKey {
    static var testValue: Big { Big(nil) }
  }
  struct Big: Sendable {
    var tracked: Tracked?
    var padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    init(_ tracked: Tracked?) { self.tracked = tracked }
  }

  private final class NumberModel {
    @Dependency(NumberKey.self) var number
    @Dependency(TrackedKey.self) var tracked
  }

  /// Runs `body` with values over the process's shared root bound, as an app's scopes run.
  private func overShared<R>(_ body: () throws -> R) rethrows -> R {
    try DependencyValues.withBound(DependencyValues(overrides: Overrides(root: .shared)), operation: body)
  }

  private var currentOverrides: Overrides? { DependencyValues.current._overrides }

  @Test func theNextScopeReusesTheSetOfOverridesEmptyAndTheValuesAreFreedWhenTheirScopeEnds() {
    let counter = DeinitCounter()
    overShared {
      var firstScope: ObjectIdentifier?
      withDependencies {
        $0[NumberKey.self] = 7
        $0[TrackedKey.self] = counter.tracked()
        $0[BigKey.self] = Big(counter.tracked())
      } operation: {
        firstScope = currentOverrides.map(ObjectIdentifier.init)
        #expect(DependencyValues.current[NumberKey.self] == 7)
        #expect(DependencyValues.current[TrackedKey.self] != nil)
        #expect(counter.deinits == 0)
      }
      #expect(counter.deinits == 2, "the value in place and the boxed value are freed when their scope ends")
      #expect(ambient_spare_overrides_present(), "the scope's set of overrides is this thread's spare")
      withDependencies {
        $0[OtherNumberKey.self] = 8
      } operation: {
        #expect(currentOverrides.map(ObjectIdentifier.init) == firstScope, "reused")
        #expect(currentOverrides?.isCountedAsBound == true, "counted again while bound")
        #expect(DependencyValues.current[OtherNumberKey.self] == 8)
        #expect(DependencyValues.current[NumberKey.self] == 0, "nothing of the previous scope")
        #expect(DependencyValues.current[TrackedKey.self] == nil, "nothing of the previous scope")
        #expect(DependencyValues.current[BigKey.self].tracked == nil, "nothing of the previous scope")
        #expect(currentOverrides?.count == 1)
      }
    }
    #expect(counter.deinits == 2)
  }

  @Test func aSpareIsNotCountedAsBound() {
    overShared {
      withDependencies {
        $0[NumberKey.self] = 1
      } operation: {
      }
      let spare = ambient_spare_overrides_take()
      #expect(spare != nil)
      if let spare {
        let overrides = Unmanaged<Overrides>.fromOpaque(spare).takeRetainedValue()
        #expect(!overrides.isCountedAsBound, "emptied, it left the bound overrides")
        #expect(overrides.isEmpty && overrides.context == nil)
      }
    }
  }

  @Test func aSetOfOverridesAModelCapturedIsNeverReused() {
    let counter = DeinitCounter()
    overShared {
      var captured: ObjectIdentifier?
      var model: NumberModel? = withDependencies {
        $0[NumberKey.self] = 5
        $0[TrackedKey.self] = counter.tracked()
      } operation: {
        captured = currentOverrides.map(ObjectIdentifier.init)
        return NumberModel()
      }
      for number in 6...8 {
        withDependencies {
          $0[NumberKey.self] = number
        } operation: {
          #expect(currentOverrides.map(ObjectIdentifier.init) != captured)
          #expect(DependencyValues.current[NumberKey.self] == number)
          #expect(DependencyValues.current[TrackedKey.self] == nil)
        }
      }
      #expect(model?.number == 5, "the model keeps its scope's values")
      #expect(model?.tracked != nil && counter.deinits == 0)
      model = nil
      #expect(counter.deinits == 1, "freed with the model that captured it")
    }
  }

  @Test func nestedScopesEachSeeTheirOwnValuesAndLeaveOneSpare() {
    let counter = DeinitCounter()
    overShared {
      withDependencies {
        $0[NumberKey.self] = 1
        $0[TrackedKey.self] = counter.tracked()
      } operation: {
        withDependencies {
          $0[OtherNumberKey.self] = 2
        } operation: {
          #expect(DependencyValues.current[NumberKey.self] == 1)
          #expect(DependencyValues.current[OtherNumberKey.self] == 2)
        }
        withDependencies {
          $0[NumberKey.self] = 3
        } operation: {
          #expect(DependencyValues.current[NumberKey.self] == 3)
          #expect(DependencyValues.current[OtherNumberKey.self] == 0, "nothing of the sibling scope")
          #expect(DependencyValues.current[TrackedKey.self] != nil, "the outer scope's value")
        }
        #expect(DependencyValues.current[NumberKey.self] == 1)
        #expect(DependencyValues.current[OtherNumberKey.self] == 0)
        #expect(counter.deinits == 0)
      }
      #expect(counter.deinits == 1, "the outer scope's value is freed when it ends")
      withDependencies {
        $0[OtherNumberKey.self] = 4
      } operation: {
        #expect(DependencyValues.current[NumberKey.self] == 0)
        #expect(DependencyValues.current[TrackedKey.self] == nil)
      }
    }
  }

  @Test(.timeLimit(.minutes(1))) func aThreadsSpareIsFreedWhenTheThreadExits() {
    let spare = LockIsolated<WeakOverrides?>(nil)
    let keptWhileRunning = LockIsolated(false)
    runOnAThreadToItsEnd {
      DependencyValues.withBound(DependencyValues(overrides: Overrides(root: .shared))) {
        withDependencies {
          $0[NumberKey.self] = 1
        } operation: {
          spare.setValue(WeakOverrides(DependencyValues.current._overrides))
        }
        keptWhileRunning.setValue(ambient_spare_overrides_present() && spare.value?.overrides != nil)
      }
    }
    #expect(keptWhileRunning.value, "kept as the thread's spare")
    #expect(spare.value != nil && spare.value?.overrides == nil, "freed when its thread exited")
  }

  /// Each thread keeps its own spare: two threads running scopes at once never get the same
  /// set of overrides, and each reads only its own scope's values.
  @Test(.timeLimit(.minutes(1))) func eachThreadKeepsASpareOfItsOwn() {
    let used = LockIsolated<[Set<ObjectIdentifier>]>([[], []])
    let finished = Barrier(count: 2)
    let mismatches = LockIsolated(0)
    runOnThreads(2) { thread in
      DependencyValues.withBound(DependencyValues(overrides: Overrides(root: .shared))) {
        var seen: Set<ObjectIdentifier> = []
        for index in 0..<2_000 {
          let number = thread &* 100_000 &+ index
          withDependencies {
            $0[NumberKey.self] = number
          } operation: {
            if DependencyValues.current[NumberKey.self] != number { mismatches.withValue { $0 += 1 } }
            if let overrides = DependencyValues.current._overrides { seen.insert(ObjectIdentifier(overrides)) }
          }
        }
        used.withValue { $0[thread] = seen }
      }
      // Both threads, and so both spares, stay alive until both are done: no address is reused.
      finished.arriveAndWait()
    }
    #expect(mismatches.value == 0)
    #expect(used.value[0].count == 1 && used.value[1].count == 1, "one set of overrides per thread, reused")
    #expect(used.value[0].isDisjoint(with: used.value[1]))
  }
}

/// A weak reference to a set of overrides, which a spare does not count as holding it.
private struct WeakOverrides: @unchecked Sendable {
  // @unchecked: only read after the thread that wrote it has ended.
  weak var overrides: Overrides?
  init(_ overrides: Overrides?) { self.overrides = overrides }
}

/// Runs `body` on a thread of its own and returns once the thread has exited, its thread-local
/// destructors run (`pthread_join`).
private func runOnAThreadToItsEnd(_ body: @escaping @Sendable () -> Void) {
  final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
  let context = Unmanaged.passRetained(Body(body)).toOpaque()
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { context in
      Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, context)
  precondition(created == 0, "a test thread could not be started")
  pthread_join(thread, nil)
}
