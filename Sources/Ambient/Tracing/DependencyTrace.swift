/// What an operation read: each dependency, in which context, whether an override or a default
/// value answered, where it was declared, and which values were built from which.
///
/// Get one with ``withDependencyTrace(_:)``, or from a test with the `.dependencyTrace` and
/// `.exhaustiveDependencies` traits of AmbientTesting:
///
/// ```swift
/// let (items, trace) = try await withDependencyTrace {
///   try await ItemListModel().load()
/// }
/// print(trace)            // plain text, one line a dependency
/// print(trace.mermaid())  // a Mermaid flowchart, for a README or a pull request
/// print(trace.dot())      // Graphviz DOT: `dot -Tsvg`
/// ```
///
/// Reads made by work the operation started are included: child tasks, models created inside
/// it (even when they read later, on other threads, while the trace records), and default values
/// built on the way, with an edge from each value to what its `liveValue` read while it was
/// built. A value built before the trace began was built without it, so its edges are not known;
/// a test builds its own default values, so a test's trace has them all.
public struct DependencyTrace: Sendable, Hashable, CustomStringConvertible {
  /// One dependency as the operation read it, in one context, from one source.
  public struct Read: Sendable, Hashable {
    /// The key's type name, such as `APIClient`: what ``Edge`` refers to.
    public var key: String
    /// The dependency as the code wrote it, such as `\.apiClient`, when a `@Dependency`
    /// declaration read it; otherwise the key, as in `APIClient.self`.
    public var dependency: String
    /// The context whose values answered the read.
    public var context: DependencyContext
    /// Whether an override or a default value answered.
    public var source: Source
    /// The `@Dependency` declarations that read it, as `Module/File.swift:line`, in the order
    /// first seen; empty when it was read only through `DependencyValues._current`.
    public var sites: [String]
    /// Whether the operation read it itself, rather than only the `liveValue` (or test or preview
    /// value) of another dependency while that was being built.
    public var isReadDirectly: Bool
    /// Whether every read of it was made while values were being changed: in a
    /// `withDependencies` update closure or a test trait's closure, as when code builds one
    /// value from others there, or sets part of one (`$0.date.now = …` reads `\.date` first).
    /// Such reads are the set-up of a scope, not its use: the exhaustive check of AmbientTesting
    /// does not count them.
    public var isReadOnlyWhileUpdating: Bool

    /// A read, for building traces by hand in tests of code that formats them.
    ///
    /// - Parameters:
    ///   - key: The key's type name.
    ///   - dependency: The dependency as written, such as `\.apiClient`.
    ///   - context: The context that answered.
    ///   - source: An override or a default value.
    ///   - sites: Where it was read from.
    ///   - isReadDirectly: Whether the operation read it, not only another value's build.
    ///   - isReadOnlyWhileUpdating: Whether it was read only while values were being changed.
    public init(
      key: String, dependency: String, context: DependencyContext, source: Source, sites: [String] = [],
      isReadDirectly: Bool = true, isReadOnlyWhileUpdating: Bool = false
    ) {
      self.key = key
      self.dependency = dependency
      self.context = context
      self.source = source
      self.sites = sites
      self.isReadDirectly = isReadDirectly
      self.isReadOnlyWhileUpdating = isReadOnlyWhileUpdating
    }
  }

  /// Where a read's value came from.
  public enum Source: String, Sendable, Hashable, CustomStringConvertible {
    /// A value set with `withDependencies`, a test trait, `prepareDependencies` or a scope.
    case override
    /// The key's default value for the context (`liveValue`, `previewValue` or `testValue`).
    case defaultValue = "default"

    /// `override` or `default`.
    public var description: String { rawValue }
  }

  /// A default value that read another dependency while it was being built.
  public struct Edge: Sendable, Hashable {
    /// The key whose value was being built (``Read/key``).
    public var from: String
    /// The key it read (``Read/key``).
    public var to: String
    /// Whether the value was being built again for a scope that overrides one of the
    /// dependencies it is built from (see ``DerivedDependencyKey``), rather than as the default
    /// shared by every scope.
    public var isRebuiltForScope: Bool

    /// An edge from the value of `from` to the dependency `to` it read while being built.
    ///
    /// - Parameters:
    ///   - from: The key being built.
    ///   - to: The key it read.
    ///   - isRebuiltForScope: Whether `from` was being built again for a scope.
    public init(from: String, to: String, isRebuiltForScope: Bool = false) {
      self.from = from
      self.to = to
      self.isRebuiltForScope = isRebuiltForScope
    }
  }

  /// Every read, in the order each was first made.
  public var reads: [Read]
  /// Every build edge, in the order each was first seen.
  public var edges: [Edge]

  /// A trace of `reads` and `edges`.
  ///
  /// - Parameters:
  ///   - reads: The reads, in order.
  ///   - edges: The build edges, in order.
  public init(reads: [Read] = [], edges: [Edge] = []) {
    self.reads = reads
    self.edges = edges
  }

  /// The reads that no override answered: in a test, the dependencies it did not override.
  public var defaultReads: [Read] { reads.filter { $0.source == .defaultValue } }

  /// The default reads made while the operation ran, not only while it changed values: what an
  /// exhaustive test must have overridden.
  public var defaultUses: [Read] { defaultReads.filter { !$0.isReadOnlyWhileUpdating } }

  /// The trace as plain text: a line a read, then the build edges.
  ///
  /// ```text
  /// 2 dependencies read:
  ///   \.apiClient  test  override  ItemsTests/ItemListModelTests.swift:9
  ///   \.date       test  default   Items/ItemListModel.swift:12
  /// ```
  public var description: String { TraceFormat.text(self) }

  /// The trace as a Mermaid flowchart: the operation, then each dependency it read, then what
  /// each default value read while it was built.
  ///
  /// - Parameter root: The name of the operation's node, such as a command or a screen.
  /// - Returns: Mermaid source, starting `flowchart LR`.
  public func mermaid(root: String = "operation") -> String { TraceFormat.mermaid(self, root: root) }

  /// The trace as a Graphviz DOT digraph, with the same nodes and edges as ``mermaid(root:)``.
  ///
  /// - Parameter root: The name of the operation's node, such as a command or a screen.
  /// - Returns: DOT source, starting `digraph dependencies`.
  public func dot(root: String = "operation") -> String { TraceFormat.dot(self, root: root) }
}
