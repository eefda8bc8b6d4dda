import Testing

@testable import Ambient

/// A `#Preview` trait that sets what a derived default is built from (`DerivedDependencyKey`):
/// the views below the traits, and a model the closure makes, read a default built from it.
@MainActor @Suite struct PreviewDerivedDefaultsTests {
  private let canvas = PreviewCanvas()

  @Test func aPreviewTraitThatSetsAnInputRebuildsTheDefault() {
    enum Tag {}
    let preview = SimulatedPreview(line: 10, traits: [.baseURL("http://preview")], canvas: canvas)
    preview.buildTraits()
    let closureClient = DependencyValues._current[DerivedClient<Tag>.self]  // the #Preview closure
    let rendered = preview.render()
    let treeClient = rendered.tree.withValues { DependencyValues._current[DerivedClient<Tag>.self] }
    #expect(treeClient.url == "http://preview")
    #expect(closureClient.url == "http://preview")
    #expect(rendered.notice == nil)
  }

  @Test func anotherPreviewsTraitsGiveItsViewsTheirOwnDefault() {
    enum Tag {}
    let first = SimulatedPreview(line: 10, traits: [.baseURL("http://first")], canvas: canvas)
    let second = SimulatedPreview(line: 20, traits: [.baseURL("http://second")], canvas: canvas)
    first.buildTraits()
    second.buildTraits()
    let firstTree = first.render().tree.withValues { DependencyValues._current[DerivedClient<Tag>.self] }
    let secondTree = second.render().tree.withValues { DependencyValues._current[DerivedClient<Tag>.self] }
    #expect(firstTree.url == "http://first" && secondTree.url == "http://second")
  }
}
