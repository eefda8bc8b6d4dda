import Testing

@testable import Ambient

/// Counts its deinits: proof that what an object's scope holds is given back.
private final class CountedOverride: Sendable {
  let deinits: LockIsolated<Int>
  init(deinits: LockIsolated<Int>) { self.deinits = deinits }
  deinit { deinits.withValue { $0 += 1 } }
}

private enum CountedOverrideKey: TestDependencyKey {
  static var testValue: CountedOverride? { nil }
}

/// An object with no `@Dependency` property.
private final class Plain {}

/// The scopes remembered for objects that `withDependencies` operations return: weak, pruned.
@Suite struct ObjectScopesTests {
  @Test func anObjectsScopeIsRememberedWhileItLivesAndReleasedAfter() {
    let deinits = LockIsolated(0)
    weak var weakObject: Plain?
    do {
      let object = withDependencies {
        $0[CountedOverrideKey.self] = CountedOverride(deinits: deinits)
      } operation: {
        Plain()
      }
      weakObject = object
      #expect(ObjectScopes.values(of: object)?[CountedOverrideKey.self] != nil)
    }

    #expect(weakObject == nil)
    #expect(deinits.value == 0)
    ObjectScopes.prune()
    #expect(deinits.value == 1)
  }

  @Test func deadEntriesArePrunedAsNewOnesArrive() {
    for _ in 0..<1_000 {
      _ = withDependencies { _ in
      } operation: {
        Plain()
      }
    }
    // The table doubles before each pruning, so it stays within twice what is alive (plus a
    // floor), whatever other tests hold meanwhile.
    #expect(ObjectScopes.count < 500)
  }

  @Test func objectsNoOperationReturnedHaveNoScope() {
    let returned = withDependencies { _ in
    } operation: {
      (Plain(), 1)
    }
    #expect(ObjectScopes.values(of: returned.0) == nil)
    #expect(ObjectScopes.values(of: Plain()) == nil)
  }
}
