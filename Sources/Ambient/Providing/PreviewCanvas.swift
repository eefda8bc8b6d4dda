/// The process Xcode renders previews in, as models made in `#Preview` closures see it: they
/// read the process's values (nothing binds values around the closure), so the canvas gives
/// the process the values of the preview whose closure comes next, wherever it can tell which
/// that is, and says when it could not.
///
/// Apple documents that `#Preview` expands into a call of `Preview(traits: …) { … }`, so a
/// preview's traits are built before its closure can be called, and that composed preview
/// modifiers apply in order. It documents no order between previews. Public reports describe
/// several: the traits of every preview in a file built, not only the shown one's
/// (https://github.com/pointfreeco/swift-dependencies/pull/323); the preview process kept alive
/// across edits, with the app's entry point running in it
/// (https://github.com/pointfreeco/swift-dependencies/pull/378). So:
///
/// - Traits built when no other preview's are waiting to be shown: the process takes their
///   values (fresh defaults, then the values). The closure comes next; its models read them.
/// - A second preview's traits built before the first was shown: nobody can tell whose closure
///   comes next, so the process holds fresh defaults and no preview's values. When a preview is
///   shown (its modifier computed), the process takes its values; if something read the
///   process's values meanwhile, a model made in its closure may have read defaults, and the
///   preview says so (``PreviewNotice``).
/// - A shown preview whose values the process gave to another preview (Xcode built another's
///   traits) says so, at once: its closure's models read the other's values from then on.
///
/// A preview's views never depend on this: ``PreviewSubtree`` gives them their own values.
@MainActor
package final class PreviewCanvas {
  /// The process's canvas, which AmbientUI's preview traits use.
  package static let shared = PreviewCanvas()

  /// Whose values the process holds.
  private enum Holder {
    /// No trait's yet: the process's own values.
    case process
    /// No preview's: several previews' traits were built before one was shown.
    case undecided
    /// That preview's.
    case preview(PreviewGroup)
  }

  private var holder = Holder.process
  /// Counts the times the process's values went to another `#Preview` (or to none): a group
  /// whose values the process took at one count still has them while the count is the same.
  private var handovers: UInt64 = 0
  /// The `#Preview` whose traits took the values at each handover (the recent ones).
  private var takenBy: [UInt64: String] = [:]
  /// The preview whose traits are being built: the last built and not yet shown.
  private var building: PreviewGroup?
  /// Locked rather than main-actor isolated so that an observation can leave from its `deinit`.
  private let observers = LockIsolated<[UInt64: @MainActor @Sendable () -> Void]>([:])
  private var nextObserver: UInt64 = 0

  nonisolated package init() {}

  /// A trait of the `#Preview` at `preview` was built, setting `boxes` (and `context`); returns
  /// the group of traits it belongs to.
  func traitBuilt(
    for preview: SourceLocation, boxes: [(key: UInt, box: AnyValueBox)], context: DependencyContext?
  ) -> PreviewGroup {
    if let building, !building.isShown, building.isPreview(at: preview) {
      let added = building.add(boxes, context: context)
      if case .preview(let held) = holder, held === building { give(added, context: context, to: building) }
      return building
    }
    let group = PreviewGroup(preview: preview)
    _ = group.add(boxes, context: context)
    if let building, !building.isShown {
      if case .undecided = holder {} else { holdNothing(takenBy: group.place) }
    } else {
      hold(group)
    }
    building = group
    return group
  }

  /// `group`'s preview was shown (a view below its traits computed): the first time, the
  /// process takes its values. Returns why models made in its closure may not read them, or
  /// `nil` when they do.
  func shown(_ group: PreviewGroup) -> PreviewNotice.Reason? {
    if !group.isShown {
      group.isShown = true
      building = nil
      switch holder {
      case .preview(let held) where held === group:
        break
      case .preview(let held):
        if !held.isPreview(at: group.preview) { group.finding = .anotherPreview(held.place) }
        hold(group)
      case .undecided:
        if processValuesWereRead { group.finding = .readBeforeShown }
        hold(group)
      case .process:
        hold(group)
      }
    }
    return reason(for: group)
  }

  /// Why models made in `group`'s closure may not read its values now, or `nil`.
  private func reason(for group: PreviewGroup) -> PreviewNotice.Reason? {
    if let finding = group.finding { return finding }
    if !group.notGiven.isEmpty { return .notGiven(group.notGiven) }
    guard let givenAt = group.givenAt, givenAt != handovers else { return nil }
    // Taken since; the first preview that took them is the one to name.
    return .anotherPreview(takenBy[givenAt + 1] ?? "an earlier preview")
  }

  /// Calls `onChange` whenever the process's values go to another preview, so that a shown
  /// preview can draw its notice at once; until the returned observation is released.
  package func observe(_ onChange: @escaping @MainActor @Sendable () -> Void) -> Observation {
    nextObserver += 1
    let id = nextObserver
    observers.withValue { $0[id] = onChange }
    return Observation { [observers] in observers.withValue { $0[id] = nil } }
  }

  /// Keeps an observer registered while it lives.
  package final class Observation: Sendable {
    private let end: @Sendable () -> Void

    fileprivate init(end: @escaping @Sendable () -> Void) {
      self.end = end
    }

    deinit { end() }
  }

  // MARK: - The process's values

  /// The process takes `group`'s values, over fresh defaults.
  private func hold(_ group: PreviewGroup) {
    let samePreview: Bool
    if case .preview(let held) = holder { samePreview = held.isPreview(at: group.preview) } else { samePreview = false }
    DependencyValues.resetAllDefaultValues()
    group.notGiven = []
    give(group.boxes, context: group.context, to: group)
    holder = .preview(group)
    if !samePreview { handOver(to: group.place) }
    group.givenAt = handovers
  }

  /// The process holds fresh defaults and no preview's values.
  private func holdNothing(takenBy place: String) {
    DependencyValues.resetAllDefaultValues()
    holder = .undecided
    handOver(to: place)
  }

  private func handOver(to place: String) {
    handovers += 1
    takenBy[handovers] = place
    if takenBy.count > 256 { takenBy = takenBy.filter { $0.key + 128 > handovers } }
    for observer in observers.value.values { observer() }
  }

  /// Prepares `boxes` in the process, as `prepareDependencies` would, without its reports:
  /// what the process cannot take is named in `group.notGiven`.
  private func give(
    _ boxes: [(key: UInt, box: AnyValueBox)], context: DependencyContext?, to group: PreviewGroup
  ) {
    let current = DependencyValues.current
    if let context, context != current.resolvedContext { group.notGiven.append(typeName(DependencyContext.self)) }
    let conflicts = current.root.resolved.prepare(
      context: nil, keysContext: current._overrides?.context, boxes: boxes)
    group.notGiven += conflicts.compactMap { $0.key.map { typeName(TypeTable.keyType($0)) } }
  }

  /// Whether anything read the process's default values since they were last reset: with no
  /// preview's values prepared, a read leaves the value it built.
  private var processValuesWereRead: Bool {
    DependencyValues.current.root.resolved.existingCaches.contains { $0.values.count > 0 }
  }
}
