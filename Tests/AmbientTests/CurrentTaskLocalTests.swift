import AmbientTestSupport
import Dispatch
import Foundation
import Testing

@testable import Ambient

/// `DependencyValues.$_current`, as code written for swift-dependencies uses it: values captured
/// in one place and bound on a thread or in a callback with `withValue`. What it binds is counted
/// in the process's bound overrides like every other binding: any values with overrides are
/// counted from when they are made (`BoundOverrides.swift`).
@Suite struct CurrentTaskLocalTests {
  @Test(oneMinuteLimit) func aThreadReadsValuesHandedOverThroughCurrent() async {
    let values = withDependencies {
      $0[HandedOverKey.self] = 7
    } operation: {
      DependencyValues._current
    }
    let read = await onAThread {
      DependencyValues.$_current.withValue(values) {
        (DependencyValues._current[HandedOverKey.self], DependencyValues.$_current.get()[HandedOverKey.self])
      }
    }
    #expect(read == (7, 7))
    #expect(DependencyValues._current[HandedOverKey.self] == HandedOverKey.testValue)
  }

  @Test(oneMinuteLimit) func aDispatchQueueCallbackReadsThemAndAModelCreatedThereKeepsThem() async {
    let values = withDependencies {
      $0[HandedOverKey.self] = 8
    } operation: {
      DependencyValues._current
    }
    let (read, modelRead) = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let (read, model) = DependencyValues.$_current.withValue(values) {
          (DependencyValues._current[HandedOverKey.self], HandedOverModel())
        }
        // The model is read after the binding ended (what it captured, not what is bound), on
        // the thread that made it: handed across threads through the continuation, it was
        // reported as a race by ThreadSanitizer, which does not see that hand-over.
        continuation.resume(returning: (read, model.token))
      }
    }
    #expect(read == 8)
    #expect(modelRead == 8, "a model created inside captured the values handed over")
  }

  @Test(oneMinuteLimit) func theAsynchronousFormBindsForChildTasks() async {
    let values = withDependencies {
      $0[HandedOverKey.self] = 9
    } operation: {
      DependencyValues._current
    }
    let read = await DependencyValues.$_current.withValue(values) {
      await Task { DependencyValues._current[HandedOverKey.self] }.value
    }
    #expect(read == 9)
  }

  /// Values made outside every scope (with `DependencyValues()`) are counted from when they are
  /// made, so binding them through the task-local itself is counted; they leave the count when
  /// the last thing holding them (here a model created inside) is gone.
  @Test(oneMinuteLimit) func whatItBindsIsCountedUntilItsLastUserIsGone() async {
    var model: HandedOverModel?
    weak var bound: Overrides?
    do {
      var values = DependencyValues()
      values[HandedOverKey.self] = 10
      #expect(values._overrides?.isCountedAsBound == true, "counted from when they are made")
      let (created, overrides, counted) = await onAThread { [values] in
        DependencyValues.$_current.withValue(values) {
          (
            HandedOverModel(), DependencyValues.boundValues?.pointee._overrides,
            !DependencyValues.noOverridesBound
          )
        }
      }
      #expect(overrides === values._overrides, "bound as they are")
      #expect(counted)
      model = created
      bound = overrides
    }
    #expect(model?.token == 10)
    #expect(model?.captured != nil && model?.captured === bound, "the model holds them")
    model = nil
    #expect(bound == nil, "freed, which takes them out of the count")
  }

  /// Values read through `@Dependency(\.self)` under another scope carry the model's captured
  /// overrides as a layer of their own; bound through the task-local as they are, a model
  /// held from before and `withDependencies(from:)` still read that layer.
  @Test func valuesReadThroughDependencySelfUnderAnotherScopeKeepTheirCapturedLayer() {
    let held = HandedOverModel()
    let reader = withDependencies {
      $0[HandedOverKey.self] = 42
    } operation: {
      ValuesModel()
    }
    let values = withDependencies {
      $0[OtherKey.self] = 1
    } operation: {
      reader.values
    }
    DependencyValues.$_current.withValue(values) {
      #expect(DependencyValues._current[HandedOverKey.self] == 42)
      #expect(DependencyValues._current[OtherKey.self] == 1)
      #expect(held.token == 42)
      #expect(withDependencies(from: held) { HandedOverModel() }.token == 42)
    }
  }
}

/// Run alone (CI: `AMBIENT_BOUND_COUNT_ALONE=1`, release, filtered to this suite), where nothing
/// else in the process binds overrides, so the process's count itself can be asserted: bindings
/// through `$_current` count, and the count falls back to zero when their users are gone.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["AMBIENT_BOUND_COUNT_ALONE"] == "1"))
struct BoundCountAloneTests {
  @Test(oneMinuteLimit) func bindingThroughCurrentCountsAndTheCountFallsBackToZero() async {
    #expect(DependencyValues.noOverridesBound, "nothing is bound when the test starts")
    // Handed to the callback in a box it empties, so that nothing but the model keeps them
    // afterwards (a callback's own captures may outlive it for a moment).
    let handedOver = LockIsolated<DependencyValues?>(
      {
        var values = DependencyValues()
        values[HandedOverKey.self] = 11
        return values
      }())
    var model: HandedOverModel?
    let counted: Bool
    (counted, model) = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let result: (Bool, HandedOverModel?)
        do {
          let values = handedOver.withValue { values in
            defer { values = nil }
            return values!
          }
          result = DependencyValues.$_current.withValue(values) {
            (!DependencyValues.noOverridesBound, HandedOverModel())
          }
        }
        continuation.resume(returning: result)
      }
    }
    #expect(counted, "the binding's overrides are counted")
    #expect(model?.token == 11)
    #expect(!DependencyValues.noOverridesBound, "the model's captured overrides are counted while it lives")
    model = nil
    #expect(DependencyValues.noOverridesBound, "the count is back to zero")
  }
}

extension BoundCountAloneTests {
  /// 1,000 models and plain objects made in scopes (remembered by
  /// `ObjectScopes`) and dropped leave nothing in the count.
  @Test func objectsMadeInScopesAndDroppedLeaveTheCountAtZero() {
    #expect(DependencyValues.noOverridesBound, "nothing is bound when the test starts")
    var models: [HandedOverModel] = []
    var objects: [AnyObject] = []
    for round in 0..<1_000 {
      models.append(
        withDependencies {
          $0[HandedOverKey.self] = round
        } operation: {
          HandedOverModel()
        })
      objects.append(
        withDependencies {
          $0[OtherKey.self] = round
        } operation: {
          PlainObject()
        })
    }
    #expect(!DependencyValues.noOverridesBound, "the models' captured overrides are counted while they live")
    #expect(models[999].token == 999)
    models = []
    objects = []
    #expect(DependencyValues.noOverridesBound, "the count is back to zero")
  }
}

/// An object with no `@Dependency` property: only `ObjectScopes` knows its scope.
private final class PlainObject {}

private enum OtherKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// A model that keeps all of its values.
private final class ValuesModel: @unchecked Sendable {
  // @unchecked: the wrapper's storage is a `var` only to the compiler; nothing writes it.
  @Dependency(\.self) var values
}

private enum HandedOverKey: DependencyKey {
  static let liveValue = -1
  static let testValue = -1
}

/// A model whose one dependency is a token, captured when it is created.
private final class HandedOverModel: @unchecked Sendable {
  // @unchecked: the wrapper's storage is a `var` only to the compiler; nothing writes it.
  @Dependency(HandedOverKey.self) var token

  /// The overrides the model captured.
  var captured: Overrides? { _token.capturedOverrides }
}
