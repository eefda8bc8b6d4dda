/// The process Xcode renders previews in, as far as dependencies are concerned: which preview
/// is being started, so that each starts from fresh default values and its traits' values are
/// the ones a model built in its `#Preview` closure reads.
///
/// Xcode renders a preview in three steps, and the preview's own model is made in the second:
///
/// 1. it builds the preview's traits: `.dependencies { … }` and `.dependency(…)` call
///    ``PreviewDependencies/init(_:canvas:)``, which starts the preview here;
/// 2. it calls the preview's closure, `FeatureView(model: FeatureModel())`, or a view whose
///    `init` makes its model: nothing of Ambient runs around it, so a model made there reads the
///    process's default values;
/// 3. it computes the traits' modifier bodies, the view tree below them
///    (``PreviewDependencies/rendered()``).
///
/// So the first trait built after a rendered preview resets the process's default values (the
/// running test's, in a test), which makes this preview's defaults new, and every trait of the
/// preview prepares its changes as `prepareDependencies` does: the model of step 2 and the views
/// of step 3 read the same values, and the same default values (one in-memory store, say).
///
/// Previews rendered later start again from fresh values, so no preview's values reach another
/// one that uses a trait. A preview without any Ambient trait starts nothing and reads what the
/// last one left; `.dependencies { _ in }` starts it fresh.
package final class PreviewCanvas: Sendable {
  /// The process's canvas, which the preview traits use.
  package static let shared = PreviewCanvas()

  private struct State {
    var preview: UInt64 = 0
    var isRendered = true
  }

  private let state = LockIsolated(State())

  package init() {}

  /// Step 1: a trait was built. Starts a new preview unless the current one has not rendered
  /// yet (its other traits are being built), then prepares `update`'s changes.
  ///
  /// - Returns: The preview the trait belongs to.
  func traitBuilt(_ update: (inout DependencyValues) -> Void) -> UInt64 {
    let (preview, startsPreview) = state.withValue { state -> (UInt64, Bool) in
      guard state.isRendered else { return (state.preview, false) }
      state.preview += 1
      state.isRendered = false
      return (state.preview, true)
    }
    if startsPreview { DependencyValues.resetAllDefaultValues() }
    prepareDependencies(update)
    return preview
  }

  /// Step 3: `preview`'s view tree was computed; the next trait built starts a new preview.
  func rendered(_ preview: UInt64) {
    state.withValue { state in
      if state.preview == preview { state.isRendered = true }
    }
  }
}
