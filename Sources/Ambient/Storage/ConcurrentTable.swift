import AmbientRuntime

/// A ``TypeTable`` that many threads read without a lock while a few write.
///
/// Readers load the current immutable snapshot with one acquire load. Writers take the lock,
/// copy the snapshot, change the copy and publish it with a release store. Published
/// snapshots stay alive as long as the table does (they are few and small: one per insertion),
/// so a reader never sees a snapshot freed under it and never pays for a retain.
final class ConcurrentTable: @unchecked Sendable {
  private final class Snapshot {
    let table: TypeTable
    init(_ table: TypeTable) { self.table = table }
  }

  private let slot: UnsafeMutablePointer<UnsafeRawPointer?>
  private let lock = Lock()
  /// Every snapshot ever published, oldest first; the last is the current one. Guarded by `lock`.
  private var published: [Snapshot]

  init() {
    let empty = Snapshot(TypeTable())
    published = [empty]
    slot = .allocate(capacity: 1)
    slot.initialize(to: UnsafeRawPointer(Unmanaged.passUnretained(empty).toOpaque()))
  }

  deinit { slot.deallocate() }

  @inline(__always)
  func lookup(_ key: UInt) -> AnyValueBox? {
    let raw = ambient_atomic_load_acquire(slot)!
    return Unmanaged<Snapshot>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.table.lookup(key) }
  }

  /// Changes the table under the lock and publishes the result.
  func update<R>(_ body: (inout TypeTable) throws -> R) rethrows -> R {
    try lock.withLock {
      var table = published[published.count - 1].table
      let result = try body(&table)
      let snapshot = Snapshot(table)
      published.append(snapshot)
      ambient_atomic_store_release(slot, UnsafeRawPointer(Unmanaged.passUnretained(snapshot).toOpaque()))
      return result
    }
  }

  /// The current contents, for slow-path decisions taken under ``update(_:)`` elsewhere.
  var table: TypeTable { lock.withLock { published[published.count - 1].table } }
}
