import AmbientRuntime
import AmbientTestSupport
import Dispatch
import Foundation
import Testing

@testable import Ambient

/// A `@Dependency` read skips the task-local lookup while no overrides are bound anywhere in
/// the process (`BoundOverrides.swift`). These pin what that relies on: every binding counts its
/// overrides before the binding starts and for as long as anything can see it, so a read never
/// misses overrides in scope. Other tests bind and unbind in parallel, so none of these asserts
/// the process's count; CI also runs the stress test alone in a release build, where the count
/// keeps falling to 0 between its scopes and reads take both paths.
@Suite struct BoundOverridesTests {
  @Test func valuesMadeForAScopeAreCountedInPlace() {
    withDependencies {
      $0[TokenKey.self] = 1
    } operation: {
      let bound = DependencyValues.boundValues?.pointee._overrides
      #expect(bound?.isCountedAsBound == true)
      #expect(!DependencyValues.noOverridesBound, "a scope's overrides are bound")
      #expect(TokenModel().token == 1)
    }
  }

  @Test func valuesAreCountedWhenMadeAndBoundAsTheyAre() {
    var values = DependencyValues()
    values[TokenKey.self] = 2
    #expect(values._overrides?.isCountedAsBound == true, "counted before anything could bind them")
    let kept = values
    DependencyValues.withBound(values) {
      #expect(DependencyValues.boundValues?.pointee._overrides === kept._overrides, "no copy")
      #expect(DependencyValues.current[TokenKey.self] == 2)
    }
  }

  /// The few sets of overrides made uncounted (they override nothing) are bound as a counted copy
  /// when Ambient binds them while someone else holds them, and stay uncounted themselves.
  @Test func uncountedSharedOverridesAreBoundAsACountedCopy() {
    let uncounted = Overrides(root: .shared, countedAsBound: false)
    let kept = DependencyValues(overrides: uncounted)
    DependencyValues.withBound(kept) {
      let bound = DependencyValues.boundValues?.pointee._overrides
      #expect(bound != nil && bound !== uncounted, "a set of overrides someone else holds is not marked")
      #expect(bound?.isCountedAsBound == true)
    }
    #expect(uncounted.isCountedAsBound == false)
  }

  @Test func aCopyOfCountedValuesIsCountedWhenMade() {
    withDependencies {
      $0[TokenKey.self] = 3
    } operation: {
      var copy = DependencyValues.current
      copy[TokenKey.self] = 4
      #expect(copy._overrides !== DependencyValues.current._overrides, "a change made its own overrides")
      #expect(copy._overrides?.isCountedAsBound == true)
      DependencyValues.withBound(copy) {
        #expect(TokenModel().token == 4)
      }
    }
  }

  /// The binding a `Task {}` inherits outlives the scope that made it: its overrides stay
  /// counted until the task is done with them, so a model from outside the scope, read in the
  /// task after the scope returned, still sees them.
  @Test(oneMinuteLimit) func aTaskReadsItsScopesOverridesAfterTheScopeReturned() async {
    let model = TokenModel()
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let task = withDependencies {
      $0[TokenKey.self] = 5
    } operation: {
      Task {
        for await _ in gate { break }
        return model.token
      }
    }
    open.yield()
    #expect(await task.value == 5)
    #expect(model.token == TokenKey.testValue)
  }

  /// Threads entering and leaving scopes while reading one model created outside all of them:
  /// inside its own scope each read sees that scope's override, outside it the model's value,
  /// also in a task started in a scope and read after the scope returned. Run alone (as CI does
  /// in release) the count falls to 0 between scopes, so reads take both paths as they race.
  @Test(oneMinuteLimit) func scopesBeginningAndEndingUnderReads() {
    let model = TokenModel()
    let misses = LockIsolated((inScope: 0, outside: 0, inTask: 0, rounds: 0))
    let deadline = Date(timeIntervalSinceNow: 2)
    runOnThreads(3) { thread in
      var seen = (inScope: 0, outside: 0, inTask: 0, rounds: 0)
      for round in 1...20_000 {
        if round & 0xFF == 0 && Date() >= deadline { break }
        let token = thread * 1_000_000 + round
        withDependencies {
          $0[TokenKey.self] = token
        } operation: {
          if model.token != token { seen.inScope += 1 }
        }
        if model.token != TokenKey.testValue { seen.outside += 1 }
        if round & 0x3F == 0 {
          let task = withDependencies {
            $0[TokenKey.self] = token
          } operation: {
            Task { model.token }
          }
          if waitForValue(of: task) != token { seen.inTask += 1 }
        }
        seen.rounds += 1
      }
      misses.withValue {
        $0.inScope += seen.inScope
        $0.outside += seen.outside
        $0.inTask += seen.inTask
        $0.rounds += seen.rounds
      }
    }
    let outcome = misses.value
    #expect(outcome.rounds > 0)
    #expect(outcome.inScope == 0, "a read in a scope missed its override")
    #expect(outcome.outside == 0, "a read outside every scope saw an override")
    #expect(outcome.inTask == 0, "a task missed the overrides of the scope it started in")
  }
}

/// Blocks this thread (not one of the cooperative pool's) until `task` finishes.
private func waitForValue(of task: Task<Int, Never>) -> Int {
  let done = DispatchSemaphore(value: 0)
  let result = LockIsolated(0)
  Task {
    result.setValue(await task.value)
    done.signal()
  }
  done.wait()
  return result.value
}

private enum TokenKey: DependencyKey {
  static let liveValue = -1
  static let testValue = -1
}

/// A model whose one dependency is a token, captured when it is created.
private final class TokenModel: @unchecked Sendable {
  // @unchecked: the wrapper's storage is a `var` only to the compiler; nothing writes it.
  @Dependency(TokenKey.self) var token
}
