/// The default values of each running test, by the token the test framework glue hands out
/// (token 0 is code outside any test).
///
/// Looked up when values are captured or bound in a test, not on every read: a model created
/// in a test keeps a reference to its test's root, so its reads go straight there. A root is
/// dropped here when its test ends (``endTest(_:)``, called by AmbientTesting), and freed once
/// no model or scope of the test still refers to it.
@usableFromInline
enum TestRoots {
  private final class Registry: @unchecked Sendable {
    // @unchecked: `roots` is guarded by `lock`.
    let lock = Lock()
    var roots: [UInt: Entry] = [:]
  }

  /// A test's root, with an empty set of overrides over it for values captured where nothing
  /// is bound (one per test, not one per capture), made when first captured: a test that only
  /// reads does not pay for it.
  struct Entry {
    let root: DefaultValueRoot
    var noOverrides: OverrideStorage?
  }

  private static let registry = Registry()

  /// The running test's root, created on first use.
  @usableFromInline
  static var runningTestRoot: DefaultValueRoot {
    let token = TestObservation.currentTestToken()
    return registry.lock.withLock { entry(for: token).root }
  }

  /// Empty overrides over the running test's root, created on first use.
  static var runningTestNoOverrides: OverrideStorage {
    let token = TestObservation.currentTestToken()
    return registry.lock.withLock {
      var entry = entry(for: token)
      if let noOverrides = entry.noOverrides { return noOverrides }
      let noOverrides = OverrideStorage(root: entry.root)
      entry.noOverrides = noOverrides
      registry.roots[token] = entry
      return noOverrides
    }
  }

  /// The entry of the test `token` names, created if there is none; call only inside the lock.
  private static func entry(for token: UInt) -> Entry {
    if let entry = registry.roots[token] { return entry }
    let entry = Entry(root: DefaultValueRoot(), noOverrides: nil)
    registry.roots[token] = entry
    return entry
  }

  /// Forgets the root of the test `token` names; AmbientTesting calls it when that test ends.
  package static func endTest(_ token: UInt) {
    guard token != 0 else { return }
    let entry = registry.lock.withLock { registry.roots.removeValue(forKey: token) }
    _ = entry  // released here, outside the lock: its values' deinits may run user code
  }

  /// How many tests' roots are held, for tests of the release above.
  package static var count: Int { registry.lock.withLock { registry.roots.count } }
}

extension DependencyValues {
  /// Releases the default values of the test `token` names. Called by AmbientTesting when a
  /// test ends; not for use elsewhere.
  package static func _endTest(_ token: UInt) { TestRoots.endTest(token) }
}
