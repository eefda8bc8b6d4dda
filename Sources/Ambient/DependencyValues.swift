/// The values of every dependency in a scope: what `@Dependency` reads and what
/// `withDependencies` changes.
///
/// Add a dependency by extending it with a property backed by a ``DependencyKey``:
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// A value that was not overridden is the key's default for the current ``DependencyContext``:
/// built on first read, then cached once per key, per context and per test, and read without
/// a lock afterwards. Copying `DependencyValues` is a retain, not a dictionary copy.
///
/// ## Where the current values come from
///
/// The current values live in a task-local (``_current``), so they follow structured
/// concurrency: child tasks, `async let` and task groups inherit them. `Task.detached`,
/// `DispatchQueue` callbacks and other escaping closures start from the defaults instead;
/// carry values into them with ``withEscapedDependencies(_:)-2ip1i``.
public struct DependencyValues: Sendable {
  /// The values in the current scope. Public only because `@Dependency` and the test glue
  /// read it from inlinable code paths; change it with `withDependencies`, never directly.
  @TaskLocal public static var _current = DependencyValues()

  var storage: OverrideStorage

  /// Values with nothing overridden: every read gets the default for the current context.
  public init() {
    storage = .empty
  }

  init(storage: OverrideStorage) {
    self.storage = storage
  }

  /// Values that start from `root`'s default values instead of the process's shared ones.
  init(root: DefaultValueStore) {
    storage = OverrideStorage(root: root)
  }

  /// Values that read live defaults, whatever the process's context.
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// Values that read preview defaults, whatever the process's context.
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// Values that read test defaults, whatever the process's context.
  public static var test: DependencyValues { DependencyValues(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    mutableStorage.context = context
  }

  /// The value of the dependency that `key` identifies: its override in this scope, or its
  /// default value for the current context.
  ///
  /// Use it to back the `DependencyValues` property you declare for a dependency.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    @inline(__always)
    get {
      if let box = storage.table.lookup(TypeTable.key(Key.self)) { return box.unbox(as: Key.Value.self) }
      return storage.root.cache(for: resolvedContext).value(for: Key.self, values: self)
    }
    set {
      mutableStorage.table.insert(ValueBox(newValue), for: TypeTable.key(Key.self))
    }
  }

  /// The context whose default values this scope reads.
  @inline(__always)
  var resolvedContext: DependencyContext { storage.context ?? DependencyContext.detected }

  /// The storage, copied first unless this value holds the only reference.
  var mutableStorage: OverrideStorage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = OverrideStorage(copying: storage) }
      return storage
    }
  }

  /// These values with `other`'s overrides written over them.
  func merging(_ other: DependencyValues) -> DependencyValues {
    let merged = storage.overlaid(with: other.storage)
    return merged === storage ? self : DependencyValues(storage: merged)
  }
}
