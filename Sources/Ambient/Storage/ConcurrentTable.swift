public import AmbientRuntime

/// A ``TypeTable`` that many threads read without a lock while a few write.
///
/// Readers load the current immutable snapshot with one acquire load. Writers take the lock,
/// copy the snapshot, change the copy and publish it with a release store. Published
/// snapshots stay alive as long as the table does (they are few and small: one per insertion),
/// so a reader never sees a snapshot freed under it and never pays for a retain.
@usableFromInline
final class ConcurrentTable: @unchecked Sendable {
  /// The slot holding the current snapshot; stable for the table's life, so hot paths may
  /// keep it as plain data.
  @usableFromInline let slot: UnsafeMutablePointer<UnsafeRawPointer?>
  private let lock = Lock()
  /// Every snapshot ever published, oldest first; the last is the current one. Guarded by `lock`.
  private var published: [TypeTable]

  init() {
    let empty = TypeTable()
    published = [empty]
    slot = .allocate(capacity: 1)
    slot.initialize(to: UnsafeRawPointer(Unmanaged.passUnretained(empty).toOpaque()))
  }

  deinit { slot.deallocate() }

  /// The box stored under `key` in the current snapshot, unretained.
  @inlinable
  static func rawBox(_ key: UInt, in slot: UnsafeMutablePointer<UnsafeRawPointer?>) -> UnsafeRawPointer? {
    let raw = ambient_atomic_load_acquire(slot)!
    return Unmanaged<TypeTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.rawBox(key) }
  }

  /// The box stored under `key`, retained: for slow paths.
  func lookup(_ key: UInt) -> AnyValueBox? {
    Self.rawBox(key, in: slot).map { Unmanaged<AnyValueBox>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Replaces the contents under the lock with what `body` makes of a copy, and publishes it.
  func update<R>(_ body: (TypeTable) throws -> (TypeTable, R)) rethrows -> R {
    try lock.withLock {
      let (snapshot, result) = try body(published[published.count - 1].copy())
      published.append(snapshot)
      ambient_atomic_store_release(slot, UnsafeRawPointer(Unmanaged.passUnretained(snapshot).toOpaque()))
      return result
    }
  }

  /// Inserts `box` under `key` and publishes the result.
  func insert(_ box: AnyValueBox, for key: UInt) {
    update { table in
      table.insert(box, for: key)
      return (table, ())
    }
  }

  /// The current contents, for slow paths.
  var table: TypeTable { lock.withLock { published[published.count - 1] } }
}
