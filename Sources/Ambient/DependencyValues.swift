/// The values of every dependency in a scope: what `@Dependency` reads and what
/// `withDependencies` changes.
///
/// Add a dependency by extending it with a property backed by a ``DependencyKey``:
///
/// ```swift
/// nonisolated extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// `nonisolated` keeps the property off the main actor in targets whose declarations are on it
/// by default (Xcode 26 app targets), so that `@Dependency(\.apiClient)` can read it from any
/// thread; it needs Swift 6.1 or later, and changes nothing elsewhere. See
/// <doc:MainActorAppTargets>.
///
/// A value that was not overridden is the key's default for the current ``DependencyContext``:
/// built on first read, then cached once per key, per context and per test, and read without
/// a lock afterwards. Copying `DependencyValues` is a retain, not a dictionary copy.
///
/// ## Where the current values come from
///
/// The current values live in a task-local (`_current`), so they follow structured
/// concurrency: child tasks, `async let` and task groups inherit them. `Task.detached`,
/// `DispatchQueue` callbacks and other escaping closures start from the defaults instead;
/// carry values into them with ``withEscapedDependencies(_:)``.
public struct DependencyValues: Sendable {
  /// The values in the current scope, as `withDependencies` and the test traits bound them.
  ///
  /// Read-only: change the values with `withDependencies`. Reading a dependency through it
  /// (`DependencyValues._current.apiClient`) is what `@Dependency` does when nothing was
  /// captured.
  ///
  /// Public, and underscored, for code written for swift-dependencies, which binds values
  /// captured elsewhere onto a thread or a callback through the task-local itself:
  ///
  /// ```swift
  /// let values = DependencyValues._current
  /// DispatchQueue.global().async {
  ///   DependencyValues.$_current.withValue(values) {
  ///     // Reads here, and models created here, see `values`.
  ///   }
  /// }
  /// ```
  ///
  /// That works as it does there. Prefer ``withEscapedDependencies(_:)`` in new code. Every
  /// `DependencyValues` that overrides something is counted in the process's bound overrides
  /// from the moment it exists (`BoundOverrides.swift`), so binding it this way needs no step
  /// of its own for reads elsewhere to stay correct.
  @TaskLocal public static var _current = DependencyValues(overrides: nil)

  /// The overrides, or `nil` for none over the shared root. `nil` is the common case, and
  /// copying it retains nothing, so reads from many threads never contend on a reference count.
  @usableFromInline var _overrides: Overrides?

  /// The `@Dependency` declaration these values are being read for (an unretained, interned
  /// ``ReadSite``), so that a default value built on a miss can name it. Set only on the
  /// private copies a wrapper reads through; never on values that a scope binds.
  @usableFromInline var _site: SitePointer?

  /// For a read of a model's captured values where other values are current: the captured
  /// overrides, consulted after `_overrides` (the current ones, which win), and the root whose
  /// defaults the read uses. Two references instead of a merged copy, so such a read
  /// allocates nothing. Only ever set on the values a `@Dependency` read passes to its key path;
  /// anything that binds or changes values flattens them first (``reading(at:)``).
  @usableFromInline var _captured: Overrides?

  /// Whether a scope that binds these values starts its own default values (see
  /// `FreshDefaultValues.swift`): true for values made whole, as by `DependencyValues()`.
  /// Copies keep it; values made by merging or capturing do not.
  var startsFreshDefaults = false

  /// Values with nothing overridden.
  ///
  /// Read directly, they read the default values of the current context. Bound whole in a
  /// `withDependencies` update closure (`$0 = DependencyValues()`, like `$0 = .live`), they
  /// start that scope from new default values: each key read there is built anew, once, for
  /// that scope.
  public init() {
    startsFreshDefaults = true
  }

  @inlinable
  init(overrides: Overrides?, site: SitePointer? = nil) {
    _overrides = overrides
    _site = site
  }

  /// `current`'s overrides over `captured`'s, with `captured`'s defaults, for one read.
  @inlinable
  init(reading current: Overrides?, over captured: Overrides?, site: SitePointer?) {
    _overrides = current
    _captured = captured
    _site = site
  }

  /// Values that start from `root`'s default values instead of the process's shared ones.
  init(root: DefaultValueRoot) {
    _overrides = Overrides(root: root)
  }

  /// Values that read live defaults, whatever the process's context. Bound whole in an update
  /// closure (`$0 = .live`), they start that scope from new default values.
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// Values that read preview defaults, whatever the process's context. Bound whole in an
  /// update closure (`$0 = .preview`), they start that scope from new default values.
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// Values that read test defaults, whatever the process's context. Bound whole in an update
  /// closure (`$0 = .test`), they start that scope from new default values.
  public static var test: DependencyValues { DependencyValues(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    mutableOverrides.context = context
  }
}
