import AmbientRuntime

/// The overrides of one `DependencyValues` (a table of them: one allocation), with the root
/// whose default values it falls back to. Shared between copies; changed only when uniquely
/// referenced (copy-on-write).
@usableFromInline
final class Overrides: TypeTable, @unchecked Sendable {
  // @unchecked: written only while uniquely referenced, like the table it is.
  static let empty = Overrides(root: .shared, countedAsBound: false)  // immortal: never counted

  /// What a scope sets beside its table: written only while uniquely referenced, as the table is.
  // Sound because: written only while uniquely referenced (before the set of overrides is shared,
  // or by the only holder), so no two accesses can overlap, and a read of a default asks for the
  // context: with the dynamic exclusivity checks, every such read would pay for them.
  @exclusivity(unchecked) @usableFromInline var settings = Settings()

  @usableFromInline
  struct Settings {
    @usableFromInline var context: DependencyContext?
    @usableFromInline var preparedKeyNames: [UInt: String]?
    var isCountedAsBound = false
  }

  /// The context set with `\.context`, kept out of the table because every default read asks.
  @inlinable var context: DependencyContext? {
    get { settings.context }
    set { settings.context = newValue }
  }
  @usableFromInline let root: DefaultValueRoot
  /// For `prepareDependencies`' scratch values only: the name of each key set, recorded when it
  /// is set (messages about a preparation name the key), and a sign that every value must be
  /// boxed, since the boxes are handed on to the caches. `nil` everywhere else, where small
  /// trivial values go in the table's entries (see `TypeTable.storesInline`).
  @inlinable var preparedKeyNames: [UInt: String]? {
    get { settings.preparedKeyNames }
    set { settings.preparedKeyNames = newValue }
  }

  /// The root's default-value table slots, by context, as plain data: a read that misses the
  /// overrides goes straight to the cached default without touching the root or its caches
  /// (no reference counting, no pointer chasing). `nil` for a root that stands for the running
  /// test's, which must be looked up.
  @usableFromInline let defaultSlots: DefaultSlots?

  /// The trace these values are read into, if a `withDependencyTrace` scope made them (or made
  /// the values they were derived from). Copies and merges keep it, so that scopes, child tasks
  /// and models started inside the trace are traced too.
  let tracer: TraceRecorder?
  /// What every read of these values checks first (see `WatchWord`): the tracer's word, else the
  /// root's test lifetime's, else one that is never set.
  @usableFromInline let watch: WatchWord

  /// Whether these overrides count in the process's bound overrides (see `BoundOverrides.swift`):
  /// set when the set of overrides is made, or for one made uncounted, before it is bound for the
  /// first time and while only the binder holds it. The set of overrides leaves the count when it
  /// is freed, or when it is emptied to be its thread's spare: cleared then, while the emptier
  /// holds the only reference, and set again when a scope takes the spare (SpareOverrides.swift).
  var isCountedAsBound: Bool {
    get { settings.isCountedAsBound }
    set { settings.isCountedAsBound = newValue }
  }

  /// Overrides over `root`, counted in the process's bound overrides unless `countedAsBound`
  /// is false, which only sets of overrides that override nothing and are never handed to code that
  /// binds may pass (see `BoundOverrides.swift`).
  init(root: DefaultValueRoot, countedAsBound: Bool = true) {
    self.root = root
    // A root that stands for the running test's has no slots of its own to read.
    defaultSlots = root.standsForRunningTest ? nil : root.slots
    tracer = nil
    watch = root.watch
    super.init()
    if countedAsBound { countAsBound() }
  }

  /// Overrides over `root`, read into `tracer`. Separate from the plain initialiser, which
  /// every `withDependencies` runs and which stays small enough to inline.
  init(root: DefaultValueRoot, tracer: TraceRecorder?) {
    self.root = root
    defaultSlots = root.standsForRunningTest ? nil : root.slots
    self.tracer = tracer
    if let tracer { watch = tracer.watch } else { watch = root.watch }
    super.init()
    countAsBound()
  }

  /// A copy of `other`, counted in the process's bound overrides unless `countedAsBound` is
  /// false (only for copies that are never handed to code that binds, as `ObjectScopes` keeps).
  init(copying other: Overrides, countedAsBound: Bool = true) {
    // The context, and the scratch values' key names (a copy of the scratch values is scratch too).
    settings = Settings(context: other.context, preparedKeyNames: other.preparedKeyNames)
    root = other.root
    defaultSlots = other.defaultSlots
    tracer = other.tracer
    watch = other.watch
    super.init()
    overlay(other)
    if countedAsBound { countAsBound() }
  }

  /// A copy of `other`, read into `tracer` (`other`'s trace when `nil`).
  init(copying other: Overrides, tracer: TraceRecorder?) {
    settings = Settings(context: other.context, preparedKeyNames: other.preparedKeyNames)
    root = other.root
    defaultSlots = other.defaultSlots
    let tracer = tracer != nil ? tracer : other.tracer
    self.tracer = tracer
    if let tracer { watch = tracer.watch } else { watch = other.root.watch }
    super.init()
    overlay(other)
    countAsBound()
  }

  /// Enters the process's bound overrides; only while the set of overrides is being made, or held
  /// by its binder alone.

  func countAsBound() {
    isCountedAsBound = true
    ambient_bound_overrides_add(1)
  }

  deinit {
    // Freed: no binding can hold these overrides any more (each binding retains them).
    if isCountedAsBound { ambient_bound_overrides_add(-1) }
  }

  /// Records the name of the key `type` is, for ``preparedKeyNames``.
  @usableFromInline
  func recordPreparedKey(_ type: any Any.Type) {
    preparedKeyNames?[TypeTable.key(type)] = typeName(type)
  }

  /// Whether these overrides change nothing: no entries and no context.
  var overridesNothing: Bool { isEmpty && context == nil }

  /// These overrides with `other`'s written over them; the root stays this one's, the trace is
  /// `other`'s if it has one (the values in scope, which a trace binds), else this one's.
  func overlaid(with other: Overrides) -> Overrides {
    if other === self || (other.overridesNothing && (other.tracer == nil || other.tracer === tracer)) { return self }
    if overridesNothing && other.root === root && (tracer == nil || tracer === other.tracer) { return other }
    let merged = Overrides(copying: self, tracer: other.tracer)
    merged.overlay(other)
    merged.context = other.context ?? context
    return merged
  }
}

/// The three table slots of a root's default-value caches, and what picks one when a read
/// chooses no context: the root's prepared context, else the process's.
@usableFromInline
struct DefaultSlots: @unchecked Sendable {
  // @unchecked: pointers to slots that are only loaded and stored atomically, and that live as
  // long as the root, which the set of overrides holding these keeps alive.
  // Sound because (every pointer below): the same; and the words are the root's four in a row
  // (`SlotMemory`), so `live + index` for an index below 4 stays inside them.
  /// The live slot, followed by the preview and test slots (in `DependencyContext.index`
  /// order) and by the root's prepared-context word (see `PreparedContextWord`).
  @usableFromInline let live: UnsafeMutablePointer<UnsafeRawPointer?>
  /// The index of `DependencyContext.detected`, kept here so a read does not check its lazy
  /// initialisation.
  @usableFromInline let detectedIndex: Int

  // Sound because: see the type's comment.
  init(live: UnsafeMutablePointer<UnsafeRawPointer?>, detected: DependencyContext) {
    self.live = live
    detectedIndex = detected.index
  }

  /// The root's prepared-context word.
  // Sound because: see the type's comment.
  @inlinable
  var preparedContext: UnsafeMutablePointer<UnsafeRawPointer?> { live + 3 }

  /// The slot of `context`'s cache, or of the root's default context for `nil`.
  // Sound because: see the type's comment.
  @inlinable
  func slot(for context: DependencyContext?) -> UnsafeMutablePointer<UnsafeRawPointer?> {
    // Every read of a default that chooses no context comes here: arithmetic on the slots'
    // positions rather than a switch over contexts, and no `??` (whose right side is a closure,
    // which the optimiser would give a copy of these slots and call instead of inlining).
    if let context { return live + context.index }
    return live + PreparedContextWord.index(at: preparedContext, else: detectedIndex)
  }
}
