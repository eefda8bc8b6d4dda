import Testing

@testable import Ambient

/// The warning a preview draws when models made in its `#Preview` closure may not read its
/// values: it names the preview, what happened and the fix.
@MainActor @Suite struct PreviewNoticeTests {
  private let canvas = PreviewCanvas()

  private func preview(_ line: UInt, _ traits: SimulatedTrait...) -> SimulatedPreview {
    SimulatedPreview(line: line, traits: traits, canvas: canvas)
  }

  private static let fixes = """
    To fix:
      • Make the model below the traits, where it reads this preview's values whatever Xcode does: #Preview(traits: …) { WithDependencies(model: { FeatureModel() }) { FeatureView(model: $0) } }.
      • Or give the model what it needs in its initialiser: FeatureView(model: FeatureModel(apiClient: .preview)).
    """

  @Test func whenAnotherPreviewWasBuiltAfterThisOne() {
    let shown = preview(10, .greeting("shown"))
    shown.buildTraits()
    _ = shown.render()
    preview(24, .greeting("next")).buildTraits()

    let notice = shown.render().notice

    #expect(
      notice?.headline
        == "Models made in the #Preview closure at Feature/FeatureView.swift:10 may read another preview's dependencies."
    )
    #expect(
      notice?.text == """
        Models made in the #Preview closure at Feature/FeatureView.swift:10 may read another preview's dependencies.

          Preview:       Feature/FeatureView.swift:10
          Other preview: Feature/FeatureView.swift:24

        Xcode built the traits of the preview at Feature/FeatureView.swift:24 after this one's, and a model made in a #Preview closure reads the values of the traits Xcode built last. The views below this preview's traits, and models made there, read this preview's values.

        \(Self.fixes)
        """)
  }

  @Test func whenDependenciesWereReadBeforeAnyPreviewWasShown() {
    let shown = preview(10, .greeting("shown"))
    shown.buildTraits()
    preview(24, .greeting("other")).buildTraits()
    _ = EagerGreetingModel()

    let notice = shown.render().notice

    #expect(
      notice?.text == """
        Models made in the #Preview closure at Feature/FeatureView.swift:10 may not have read its dependencies.

          Preview: Feature/FeatureView.swift:10

        Xcode built the traits of more than one preview before showing this one, and dependencies were read meanwhile: a model that read them then, in its initialiser, got the default values instead of this preview's. The views below this preview's traits, and models made there, read this preview's values.

        \(Self.fixes)
        """)
  }

  @Test func whenATraitSetsWhatTheProcessCannotTake() {
    let live = PreviewDependencies(
      { $0.context = .live }, canvas: canvas, fileID: "Feature/FeatureView.swift", filePath: "/F.swift", line: 12,
      column: 1)

    let notice = PreviewSubtree().evaluate(live, above: DependencyScope(), outer: nil).notice

    #expect(
      notice?.text == """
        Models made in the #Preview closure at Feature/FeatureView.swift:12 do not read what its traits set for DependencyContext.

          Preview:   Feature/FeatureView.swift:12
          Not given: DependencyContext

        A context set by a trait reaches the views below the traits only, and a value that was read or prepared in the process first stays there (as the app's prepareDependencies does when its init runs in the preview process: skip it when isPreviewing). The views below this preview's traits, and models made there, read this preview's values.

        \(Self.fixes)
        """)
  }

  @Test func aPreviewWhoseValuesAreKnownShowsNone() {
    let shown = preview(10, .greeting("shown"), .nothing)
    shown.buildTraits()
    #expect(shown.render().notice == nil)
    #expect(shown.render().notice == nil)
  }
}
