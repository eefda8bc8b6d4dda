/// Collects the reads of one trace: what the values a `withDependencyTrace` scope binds (and
/// everything derived from them) report from the watched read path.
///
/// Its watch word is set from the start and never cleared: sets of overrides made inside a trace
/// keep taking the watched path for their whole life, and record nothing once the trace has
/// stopped. That costs only the models and scopes made inside a trace, and keeps every other read's
/// fast path to one check.
///
/// A recorder of a derived default's inputs (``init(recordingInputsWithin:)``) records only which
/// keys the build read, and clears its word when the build ends, so that a closure the default
/// hands out reads the values it captured at the normal cost (``DerivedDependencyKey``).
final class TraceRecorder: @unchecked Sendable {
  // @unchecked: everything mutable is guarded by `lock`; `watch` is an atomic word.
  let watch = WatchWord(word: WatchWord.allocateWord())
  /// The trace this one is nested in: it records the same reads.
  let parent: TraceRecorder?

  private let lock = Lock()
  private var isRecording = true
  /// Whether this recorder gathers the keys a derived default's build reads, not a trace.
  private let recordsInputs: Bool
  private var inputKeys: Set<UInt> = []
  private var reads: [DependencyTrace.Read] = []
  /// The position in `reads` of each key, context and source.
  private var readIndex: [ReadID: Int] = [:]
  /// The sites seen for each read, so each is named once.
  private var sitesSeen: Set<SiteID> = []
  /// The first declaration that made each read.
  private var firstSites: [ReadID: ReadSite] = [:]
  private var edges: [DependencyTrace.Edge] = []
  private var edgesSeen: Set<DependencyTrace.Edge> = []

  init(parent: TraceRecorder?) {
    self.parent = parent
    recordsInputs = false
    watch.set()
  }

  /// A recorder of the keys a derived default's build reads, inside the trace `parent` if one
  /// records the reader's values (it records the same reads).
  init(recordingInputsWithin parent: TraceRecorder?) {
    self.parent = parent
    recordsInputs = true
    watch.set()
  }

  deinit { watch.word.deallocate() }

  /// Whether this recorder gathers a derived default's inputs and its build has not ended.
  var isRecordingInputs: Bool { recordsInputs && watch.isSet }

  private struct ReadID: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
    let source: DependencyTrace.Source
  }

  private struct SiteID: Hashable {
    let read: ReadID
    let site: ObjectIdentifier
  }

  /// Records a read of `key` answered from `source` in `context`, at `site` (if a declaration
  /// made it), inside the build of `builtBy` (if a default value was being built), and whether
  /// values were being changed meanwhile.
  func record(
    key: any Any.Type, context: DependencyContext, source: DependencyTrace.Source, site: ReadSite?,
    builtBy: BuildChain.Step?, whileUpdating: Bool
  ) {
    if recordsInputs {
      lock.withLock {
        if isRecording { _ = inputKeys.insert(TypeTable.key(key)) }
      }
      parent?.record(
        key: key, context: context, source: source, site: site, builtBy: builtBy, whileUpdating: whileUpdating)
      return
    }
    let id = ReadID(key: ObjectIdentifier(key), context: context, source: source)
    lock.withLock {
      guard isRecording else { return }
      let index: Int
      if let known = readIndex[id] {
        index = known
      } else {
        index = reads.count
        readIndex[id] = index
        let dependency = site?.dependencyDescription(key: key) ?? "\(typeName(key)).self"
        reads.append(
          DependencyTrace.Read(
            key: typeName(key), dependency: dependency, context: context, source: source, isReadDirectly: false,
            isReadOnlyWhileUpdating: whileUpdating
          )
        )
      }
      if !whileUpdating { reads[index].isReadOnlyWhileUpdating = false }
      if builtBy == nil { reads[index].isReadDirectly = true }
      if let site, sitesSeen.insert(SiteID(read: id, site: ObjectIdentifier(site))).inserted {
        reads[index].sites.append(site.location)
        if firstSites[id] == nil { firstSites[id] = site }
        // A read by key (`_current[Key.self]`) first, then a declaration: name it as written.
        if reads[index].dependency.hasSuffix(".self"), site.keyName == nil {
          reads[index].dependency = site.dependencyDescription(key: key)
        }
      }
      if let builtBy {
        let edge = DependencyTrace.Edge(
          from: builtBy.typeName, to: typeName(key), isRebuiltForScope: builtBy.isRebuiltForScope)
        if edgesSeen.insert(edge).inserted { edges.append(edge) }
      }
    }
    parent?.record(
      key: key, context: context, source: source, site: site, builtBy: builtBy, whileUpdating: whileUpdating)
  }

  /// The first declaration that made `read`, if one did.
  func firstSite(of read: DependencyTrace.Read) -> ReadSite? {
    lock.withLock {
      readIndex.first { reads[$0.value] == read }.flatMap { firstSites[$0.key] }
    }
  }

  /// What was recorded so far.
  var trace: DependencyTrace {
    lock.withLock { DependencyTrace(reads: reads, edges: edges) }
  }

  /// Stops recording a derived default's inputs and returns the keys read. Unless a trace records
  /// the same values (then they stay watched, as the trace's do), the word is cleared: what the
  /// build handed out reads at the normal cost from now on, but for reads after their test ended,
  /// which `lifetime` (the values' test's, if any) still has reported.
  func stopRecordingInputs(lifetime: TestLifetime?) -> Set<UInt> {
    let keys = lock.withLock {
      isRecording = false
      return inputKeys
    }
    if parent == nil {
      watch.clear()
      lifetime?.alsoSet(watch, keptAliveBy: self)
    }
    return keys
  }

  /// Stops recording and returns what was recorded: reads made later by models or tasks that
  /// outlive the trace are not added.
  func stop() -> DependencyTrace {
    lock.withLock {
      isRecording = false
      return DependencyTrace(reads: reads, edges: edges)
    }
  }
}
