/// The scope each object that a `withDependencies` operation returned was created in, so that
/// an object without `@Dependency` properties can still be the `from:` of its children.
///
/// Entries hold their object weakly: remembering an object never keeps it alive. An entry whose
/// object has died is dropped when the table next doubles in size, so pruning costs a constant
/// amount per object remembered. Only operations that return an object and
/// `withDependencies(from:)` come here, never a read.
///
/// An entry keeps a copy of the scope's overrides that is not counted in the process's bound
/// overrides (`BoundOverrides.swift`), and hands out counted copies: so once the objects made
/// in scopes are gone, the count falls back to zero at once, and `@Dependency` reads are back
/// on their fast path, however long the dead entries wait for the next doubling.
enum ObjectScopes {
  private struct Entry {
    weak var object: AnyObject?
    let values: DependencyValues
  }

  private final class Table: @unchecked Sendable {
    // @unchecked: every property is guarded by `lock`.
    let lock = Lock()
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The size at which dead entries are next pruned.
    var pruneAt = 64
  }

  private static let table = Table()

  /// Remembers that `object` was created with `values` in scope, unless it was already: the
  /// innermost operation that returns an object is the one that created it, and the operations
  /// around it that pass it on, or return it again later, do not change where it was created.
  static func remember(_ object: AnyObject, createdWith values: DependencyValues) {
    let id = ObjectIdentifier(object)
    let pinned = values.pinnedToRoot  // outside the lock: it may ask which test runs
    let dropped = table.lock.withLock { () -> [Entry] in
      if let existing = table.entries[id], existing.object === object { return [] }
      let entry = Entry(object: object, values: uncounted(pinned))
      // An identifier is reused once its object is gone: the new object replaces the dead one.
      var dropped = table.entries.updateValue(entry, forKey: id).map { [$0] } ?? []
      if table.entries.count >= table.pruneAt { dropped += pruneLocked() }
      return dropped
    }
    // Released outside the lock: an override's deinit may run code that comes back here.
    _ = dropped
  }

  /// The values in scope when `object` was created by a `withDependencies` operation, if it was:
  /// over a counted copy of the entry's overrides, since the caller may hand them to code that
  /// binds them (an update closure's `$0`).
  static func values(of object: AnyObject) -> DependencyValues? {
    let kept = table.lock.withLock { () -> DependencyValues? in
      guard let entry = table.entries[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry.values
    }
    guard let kept, let overrides = kept._overrides, !overrides.isCountedAsBound else { return kept }
    return DependencyValues(overrides: Overrides(copying: overrides))
  }

  /// `values` over an uncounted copy of their overrides, when they are counted (see the type's
  /// comment): one allocation per remembered object, on a path no read takes.
  private static func uncounted(_ values: DependencyValues) -> DependencyValues {
    guard let overrides = values._overrides, overrides.isCountedAsBound else { return values }
    return DependencyValues(overrides: Overrides(copying: overrides, countedAsBound: false))
  }

  /// Drops the entries of objects that have died now rather than at the next doubling; for tests.
  static func prune() {
    let dropped = table.lock.withLock { pruneLocked() }
    _ = dropped
  }

  /// The number of entries, dead or alive; for tests.
  static var count: Int { table.lock.withLock { table.entries.count } }

  /// Removes dead entries and returns them, for the caller to release after unlocking.
  private static func pruneLocked() -> [Entry] {
    var dropped: [Entry] = []
    for (id, entry) in table.entries where entry.object == nil {
      dropped.append(entry)
      table.entries[id] = nil
    }
    table.pruneAt = max(64, table.entries.count * 2)
    return dropped
  }
}
