import AmbientRuntime

/// Places on the slow paths where a test can hold a first read or a preparation of one key, to
/// run another operation at that very moment: the interleaving a race produces now and then,
/// made to happen on every run (`PreparationOrderTests`). Stress tests find a race's window
/// only in some runs; a test that holds both sides at their points finds it in each.
///
/// Nothing outside tests holds a point. Reaching one costs one relaxed load of a word that stays
/// `nil` (``reach(_:key:)``), on paths that already take a lock or two: a first read's build and a
/// preparation. A read of a built value reaches none.
package enum RacePoint: Hashable, Sendable {
  /// A first read of the key found its cache and no value, and is about to claim the key
  /// (`DefaultValueCache.build`, before `BuildCoordinator.claim`).
  case firstReadClaims
  /// A preparation of the key is about to store its value: the step that checks for a read
  /// and stores (`DefaultValueCache.prepareLocked`, inside the caches' lock).
  case preparationStores
}

/// The actions tests hold ``RacePoint``s with.
package enum RacePoints {
  private final class Registry: @unchecked Sendable {
    // @unchecked: `actions` is guarded by `lock`; `armed` is loaded and stored atomically.
    let lock = Lock()
    var actions: [Target: @Sendable () -> Void] = [:]
    /// Non-`nil` while an action waits for its point: the one word a slow path loads.
    // Sound because the word is allocated and initialised once, for a registry that is a static
    // and lives for the process, and it is never freed; it is only loaded and stored atomically.
    let armed: UnsafeMutablePointer<UnsafeRawPointer?> = {
      let word = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
      word.initialize(to: nil)
      return word
    }()
  }

  private struct Target: Hashable {
    let point: RacePoint
    let key: UInt
  }

  private static let registry = Registry()

  /// Runs `action` the next time a thread reaches `point` for `Key` (once), on that thread, which
  /// waits for it: an action that blocks holds the read or preparation there. For tests only;
  /// give each test a key of its own, so that tests running beside it never reach its action.
  package static func onNext<Key: TestDependencyKey>(
    _ point: RacePoint, of _: Key.Type, _ action: @escaping @Sendable () -> Void
  ) {
    registry.lock.withLock {
      registry.actions[Target(point: point, key: TypeTable.key(Key.self))] = action
      // Sound because the word only tells a thread to look at the actions, which it then reads
      // under this lock: the lock, not the store's ordering, is what publishes the action.
      ambient_atomic_store_release(registry.armed, UnsafeRawPointer(bitPattern: 1))
    }
  }

  /// Called where `point` is, for the key `key`: runs the action a test holds there, if any.
  // Sound because a relaxed load suffices: a test arms its action before it starts the operation
  // that reaches the point (starting a thread or task orders the two), and the action itself is
  // read under the lock.
  static func reach(_ point: RacePoint, key: UInt) {
    guard ambient_atomic_load_relaxed(registry.armed) != nil else { return }
    runAction(at: point, key: key)
  }

  @inline(never)
  private static func runAction(at point: RacePoint, key: UInt) {
    let action = registry.lock.withLock { () -> (@Sendable () -> Void)? in
      let action = registry.actions.removeValue(forKey: Target(point: point, key: key))
      // Sound because cleared under the lock with the last action; `onNext` sets it again under it.
      if registry.actions.isEmpty { ambient_atomic_store_release(registry.armed, nil) }
      return action
    }
    // Outside the lock: the action waits, and other tests' points must not wait with it.
    action?()
  }
}
