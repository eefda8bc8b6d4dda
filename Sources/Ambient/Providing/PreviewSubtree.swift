/// One preview trait's part of the view tree: the values of the views below it. AmbientUI's
/// trait modifier keeps one per view (in `@State`) and asks it at every evaluation of its body.
///
/// The views below a preview's traits read exactly that preview's values, over fresh defaults
/// of their own, in every order in which Xcode may build traits, call closures and compute
/// modifiers: the values travel in the environment's ``DependencyScope``, not through the
/// process. Apple documents that composed preview modifiers apply in order, the first to the
/// preview's body, so the last trait is the outermost view:
///
/// - the outermost trait of a preview starts a new root of default values with its changes,
///   whatever scope is above it, and tells the ``PreviewCanvas`` that the preview is shown;
/// - each trait inside it (an earlier one of the same `#Preview`) adds its changes, keeping its
///   own value for a key both set (the first trait's), and reports such a key once, at the
///   `#Preview`.
///
/// ```swift
/// let evaluation = subtree.evaluate(trait, above: scope, outer: marker)
/// content
///   .environment(\.dependencyScope, evaluation.scope)   // and the marker, for the traits inside
/// ```
@MainActor
package final class PreviewSubtree {
  /// What the last evaluation derived, kept while the trait and what is above are the same, so
  /// the scope keeps its identity and its defaults.
  private var last:
    (trait: PreviewDependencies.Identity, above: DependencyScope?, outer: PreviewMarker?, result: Derived)?

  // Nonisolated so that a view's `@State` default value can create it from any context.
  nonisolated package init() {}

  /// The scope of the views below `trait`, which sits below `above` and, when an outer trait of
  /// the same preview is above it, below `outer`; and the notice the preview shows, if any.
  package func evaluate(
    _ trait: PreviewDependencies, above: DependencyScope, outer: PreviewMarker?
  ) -> PreviewEvaluation {
    let isInner = outer?.group == ObjectIdentifier(trait.group)
    let derived = derive(trait, above: isInner ? above : nil, outer: isInner ? outer : nil)
    guard !isInner else { return PreviewEvaluation(scope: derived.scope, marker: derived.marker, notice: nil) }
    let notice = trait.canvas.shown(trait.group).map { PreviewNotice(preview: trait.group.place, reason: $0) }
    return PreviewEvaluation(scope: derived.scope, marker: derived.marker, notice: notice)
  }

  private struct Derived {
    let scope: DependencyScope
    let marker: PreviewMarker
  }

  private func derive(_ trait: PreviewDependencies, above: DependencyScope?, outer: PreviewMarker?) -> Derived {
    if let last, last.trait === trait.identity, last.above == above, last.outer == outer { return last.result }
    let derived: Derived
    if let above, let outer {
      reportKeysSetTwice(trait.keys.intersection(outer.keys), by: trait)
      derived = Derived(
        scope: DependencyScope(above.values.merging(trait.changes)),
        marker: PreviewMarker(group: outer.group, keys: outer.keys.union(trait.keys)))
    } else {
      // Fresh defaults: a root of their own, which only this preview's views read.
      derived = Derived(
        scope: DependencyScope(DependencyValues(root: DefaultValueRoot()).merging(trait.changes)),
        marker: PreviewMarker(group: ObjectIdentifier(trait.group), keys: trait.keys))
    }
    last = (trait.identity, above, outer, derived)
    return derived
  }

  private func reportKeysSetTwice(_ keys: Set<UInt>, by trait: PreviewDependencies) {
    guard !keys.isEmpty, !trait.group.reportedRepeatedKeys else { return }
    trait.group.reportedRepeatedKeys = true
    for name in keys.map({ typeName(TypeTable.keyType($0)) }).sorted() {
      reportIssue(
        IssueMessage.previewKeySetTwice(keyName: name, preview: trait.group.place).description, at: trait.preview)
    }
  }
}

/// What a trait's view puts in the environment beside the scope, so that the traits inside it
/// know they belong to the same preview and what it set already.
package struct PreviewMarker: Sendable, Equatable {
  let group: ObjectIdentifier
  let keys: Set<UInt>
}

/// The result of ``PreviewSubtree/evaluate(_:above:outer:)``.
package struct PreviewEvaluation {
  /// The values of the views below the trait.
  package let scope: DependencyScope
  /// For the environment of the views below the trait.
  package let marker: PreviewMarker
  /// The warning to draw above the preview: only the outermost trait's view has one.
  package let notice: PreviewNotice?
}
