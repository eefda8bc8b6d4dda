import AmbientTestSupport
import Dispatch
import Foundation
import Testing

@testable import Ambient

/// `DependencyValues.boundValues` reads the task-local's binding in place, through the runtime
/// function `TaskLocal.get()` uses. It must find exactly what `TaskLocal.get()` finds wherever
/// task-locals travel: no scope, nested scopes, child and unstructured tasks, detached tasks,
/// and threads with no task at all.
@Suite struct BoundValuesTests {
  /// The storage `TaskLocal.get()` returns and the one read in place, side by side.
  private static func bothStorages() -> (copied: OverrideStorage?, inPlace: OverrideStorage?) {
    (DependencyValues.$_current.get()._storage, DependencyValues.boundValues?.pointee._storage)
  }

  private static func scope(_ number: Int) -> (inout DependencyValues) -> Void {
    { $0.boundNumber = number }
  }

  @Test func outsideEveryScopeNothingIsBound() async {
    await Task.detached {
      #expect(DependencyValues.boundValues == nil)
      #expect(DependencyValues.current._storage == nil)
    }.value
  }

  @Test func nestedScopesAreFoundInnermostFirst() {
    withDependencies(Self.scope(1)) {
      let outer = Self.bothStorages()
      #expect(outer.inPlace != nil && outer.inPlace === outer.copied)
      withDependencies(Self.scope(2)) {
        let inner = Self.bothStorages()
        #expect(inner.inPlace === inner.copied && inner.inPlace !== outer.inPlace)
        #expect(DependencyValues.current.boundNumber == 2)
      }
      #expect(Self.bothStorages().inPlace === outer.inPlace, "the inner binding is gone")
    }
  }

  @Test func childAndUnstructuredTasksInheritTheBindingAndDetachedOnesDoNot() async {
    await withDependencies(Self.scope(3)) {
      let bound = Self.bothStorages().inPlace
      async let child = Self.bothStorages().inPlace
      let unstructured = await Task { Self.bothStorages().inPlace }.value
      let detached = await Task.detached { DependencyValues.boundValues == nil }.value
      #expect(await child === bound)
      #expect(unstructured === bound)
      #expect(detached)
    }
  }

  @Test(oneMinuteLimit) func aThreadWithNoTaskFindsItsOwnBinding() async {
    let found = await onAThread {
      withDependencies(Self.scope(4)) {
        let storages = Self.bothStorages()
        return storages.inPlace != nil && storages.inPlace === storages.copied
          && DependencyValues.current.boundNumber == 4
      }
    }
    #expect(found)
    let unbound = await onAThread { DependencyValues.boundValues == nil }
    #expect(unbound, "a thread that binds nothing sees no binding")
  }
}

private enum BoundNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var boundNumber: Int {
    get { self[BoundNumberKey.self] }
    set { self[BoundNumberKey.self] = newValue }
  }
}
