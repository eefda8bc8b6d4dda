/// The default values of each running test, by the token the test framework glue hands out
/// (token 0 is code outside any test).
///
/// Looked up when values are captured or bound in a test: a model created in a test keeps a
/// reference to its test's root, so its reads go straight there. A read of `_current` with
/// nothing bound has no root to go to, and looks it up here on every read (Reading/README.md). A root is
/// dropped here when its test ends (``endTest(_:)``, called by AmbientTesting), and freed once
/// no model or scope of the test still refers to it.
@usableFromInline
enum TestRoots {
  private final class Registry: @unchecked Sendable {
    // @unchecked: `roots` and `ended` are guarded by `lock`.
    let lock = Lock()
    var roots: [UInt: Entry] = [:]
    /// The lifetimes of tests that ended while their token can still be asked for: a task that
    /// outlived its Swift Testing test still names it, and its reads are reported. Dropped with
    /// the token (``forget(_:)``).
    var ended: [UInt: TestLifetime] = [:]
  }

  /// A test's root, with an empty set of overrides over it for values captured where nothing
  /// is bound (one per test, not one per capture), made when first captured: a test that only
  /// reads does not pay for it.
  struct Entry {
    /// A `var` only so that ``isHeldOutsideRegistry()`` can ask whether it is shared.
    var root: DefaultValueRoot
    var noOverrides: Overrides?

    /// Whether anything but the registry holds these values: a model or scope of the test (they
    /// hold the empty overrides or overrides of their own over the root) or a read in flight.
    /// Empty overrides that nothing else holds are dropped on the way (made again on demand),
    /// so that their reference to the root does not count; freeing them runs no user code.
    mutating func isHeldOutsideRegistry() -> Bool {
      if noOverrides != nil {
        if !isKnownUniquelyReferenced(&noOverrides!) { return true }
        noOverrides = nil
      }
      return !isKnownUniquelyReferenced(&root)
    }
  }

  private static let registry = Registry()

  /// The running test's root, created on first use.
  @usableFromInline
  static var runningTestRoot: DefaultValueRoot {
    let token = TestObservation.currentTestToken()
    return registry.lock.withLock { entry(for: token).root }
  }

  /// Empty overrides over the running test's root, created on first use.
  static var runningTestNoOverrides: Overrides {
    let token = TestObservation.currentTestToken()
    return registry.lock.withLock {
      var entry = entry(for: token)
      if let noOverrides = entry.noOverrides { return noOverrides }
      let noOverrides = Overrides(root: entry.root, countedAsBound: false)  // overrides nothing
      entry.noOverrides = noOverrides
      registry.roots[token] = entry
      return noOverrides
    }
  }

  /// The entry of the test `token` names, created if there is none; call only inside the lock.
  /// Every test's root whose end the glue may tell has a lifetime, so that reads through it after
  /// the end are reported; a token whose test has ended gets a root that is ended already. A
  /// token marked with ``DependencyValues/_endNeverToldBit`` gets none: nothing would ever end
  /// it, and a test process keeps a root per recent test (two allocations each, and their time
  /// in every traitless case's first read).
  private static func entry(for token: UInt) -> Entry {
    if let entry = registry.roots[token] { return entry }
    let endNeverTold = token & DependencyValues._endNeverToldBit != 0
    let lifetime = token == 0 ? nil : registry.ended[token] ?? (endNeverTold ? nil : TestLifetime())
    let entry = Entry(root: DefaultValueRoot(lifetime: lifetime), noOverrides: nil)
    registry.roots[token] = entry
    return entry
  }

  /// Ends the test `token` names: its root is dropped here (values that models of the test still
  /// refer to live on with them), and reads through it from now on are reported as made after
  /// `testName` ended. With `stillNamed`, the token can be asked for again, by tasks that
  /// outlived the test and still name it; their reads are reported too, until ``forget(_:)``.
  package static func end(_ token: UInt, testName: String, stillNamed: Bool) {
    guard token != 0 else { return }
    let entry = registry.lock.withLock { () -> Entry? in
      let entry = registry.roots.removeValue(forKey: token)
      // A test that captured nothing has no lifetime to end, unless its token may be asked for
      // again: then one is kept, ended, for the root a late read will make.
      guard let lifetime = entry?.root.lifetime ?? registry.ended[token] ?? (stillNamed ? TestLifetime() : nil)
      else { return entry }
      lifetime.end(testName: testName)
      if stillNamed { registry.ended[token] = lifetime }
      return entry
    }
    _ = entry  // released here, outside the lock: its values' deinits may run user code
  }

  /// Forgets the test `token` names without saying it ended (the glue no longer tells it from
  /// newer tests): its root is dropped, and so is the record that it ended.
  package static func forget(_ token: UInt) {
    guard token != 0 else { return }
    let entry = registry.lock.withLock { () -> Entry? in
      registry.ended[token] = nil
      return registry.roots.removeValue(forKey: token)
    }
    _ = entry  // released here, outside the lock: its values' deinits may run user code
  }

  /// Whether the values of the test `token` names are held by anything but the registry: a
  /// model, scope or read of that test. AmbientTesting keeps such a test's token when it makes
  /// room for newer tests, whose end it cannot see otherwise: a running test that holds its
  /// values keeps them. Takes the registry's lock inside the tracker's (the registry never
  /// calls the tracker while it holds its lock).
  package static func isHeld(_ token: UInt) -> Bool {
    guard token != 0 else { return false }
    return registry.lock.withLock { registry.roots[token]?.isHeldOutsideRegistry() ?? false }
  }

  /// How many tests' roots are held, for tests of the release above.
  package static var count: Int { registry.lock.withLock { registry.roots.count } }
}

extension DependencyValues {
  /// Releases the default values of the test `token` names, saying that `testName` ended (reads
  /// through its values are reported from now on), or, for `nil`, only that the glue no longer
  /// tells it apart. Called by AmbientTesting; not for use elsewhere.
  ///
  /// - Parameter stillNamed: Whether work that outlived the test can still name its token (a
  ///   Swift Testing task), so that its reads through the running test's values are reported.
  package static func _endTest(_ token: UInt, testName: String? = nil, stillNamed: Bool = false) {
    if let testName {
      TestRoots.end(token, testName: testName, stillNamed: stillNamed)
    } else {
      TestRoots.forget(token)
    }
  }
}

extension DependencyValues {
  /// Set by the test framework glue in a test token whose test's end it never tells (a Swift
  /// Testing test without a `.dependencies` trait, whose values are only forgotten): its root
  /// gets no lifetime. Never set in a token that may be ended. Not for use elsewhere.
  package static let _endNeverToldBit: UInt = 1 << (UInt.bitWidth - 1)
}

extension DependencyValues {
  /// Whether anything but the running-test registry holds the default values of the test
  /// `token` names (see `TestRoots.isHeld(_:)`). Called by AmbientTesting; not for use elsewhere.
  package static func _isTestHeld(_ token: UInt) -> Bool { TestRoots.isHeld(token) }
}

extension DependencyValues {
  /// The current values, pointing at the running test's root when nothing is overridden: what
  /// `DependencyTestCase` binds around a test method, so that a task it starts still names the
  /// method's values (and its reads after the method ended are reported). Not for use elsewhere.
  package static var _currentPinnedToRunningTest: DependencyValues { current.pinnedToRoot }
}
