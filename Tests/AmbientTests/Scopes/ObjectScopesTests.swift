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

  /// An entry does not keep the scope's counted overrides alive, so once the
  /// objects made in a scope are gone, nothing of the scope is left in the process's count of
  /// bound overrides (and reads are back on their fast path); what it hands out is counted.
  @Test func anEntryKeepsNoCountedOverridesAndHandsOutCountedOnes() {
    let deinits = LockIsolated(0)
    weak var scopeOverrides: Overrides?
    let object = withDependencies {
      $0[CountedOverrideKey.self] = CountedOverride(deinits: deinits)
    } operation: {
      scopeOverrides = DependencyValues.boundValues?.pointee._overrides
      return Plain()
    }

    #expect(scopeOverrides == nil, "the scope's counted overrides were freed with the scope")
    let values = ObjectScopes.values(of: object)
    #expect(values?._overrides?.isCountedAsBound == true)
    #expect(values?[CountedOverrideKey.self] != nil)
    let childRead = withDependencies(from: object) { DependencyValues._current[CountedOverrideKey.self] }
    #expect(childRead != nil, "a child still inherits the scope")
    #expect(deinits.value == 0)
  }
}
