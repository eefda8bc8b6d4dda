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
  /// The set of overrides `TaskLocal.get()` returns and the one read in place, side by side.
  private static func bothOverrides() -> (copied: Overrides?, inPlace: Overrides?) {
    (DependencyValues.$_current.get()._overrides, DependencyValues.boundValues?.pointee._overrides)
  }

  private static func scope(_ number: Int) -> (inout DependencyValues) -> Void {
    { $0.boundNumber = number }
  }

  @Test func outsideEveryScopeNothingIsBound() async {
    await Task.detached {
      #expect(DependencyValues.boundValues == nil)
      #expect(DependencyValues.current._overrides == nil)
    }.value
  }

  @Test func nestedScopesAreFoundInnermostFirst() {
    withDependencies(Self.scope(1)) {
      let outer = Self.bothOverrides()
      #expect(outer.inPlace != nil && outer.inPlace === outer.copied)
      withDependencies(Self.scope(2)) {
        let inner = Self.bothOverrides()
        #expect(inner.inPlace === inner.copied && inner.inPlace !== outer.inPlace)
        #expect(DependencyValues.current.boundNumber == 2)
      }
      #expect(Self.bothOverrides().inPlace === outer.inPlace, "the inner binding is gone")
    }
  }

  @Test func childAndUnstructuredTasksInheritTheBindingAndDetachedOnesDoNot() async {
    await withDependencies(Self.scope(3)) {
      let bound = Self.bothOverrides().inPlace
      async let child = Self.bothOverrides().inPlace
      let unstructured = await Task { Self.bothOverrides().inPlace }.value
      let detached = await Task.detached { DependencyValues.boundValues == nil }.value
      #expect(await child === bound)
      #expect(unstructured === bound)
      #expect(detached)
    }
  }

  @Test(oneMinuteLimit) func aThreadWithNoTaskFindsItsOwnBinding() async {
    let found = await onAThread {
      withDependencies(Self.scope(4)) {
        let overrides = Self.bothOverrides()
        return overrides.inPlace != nil && overrides.inPlace === overrides.copied
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
