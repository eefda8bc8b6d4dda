import Testing

@testable import Ambient

/// The `#Preview` traits under each order in which Xcode may build a preview's traits, call its
/// closure and compute its modifiers (see `SimulatedPreview`). Under every order the views below
/// the traits read exactly their own preview's values over fresh defaults; a model made in the
/// closure (here: made with nothing bound) reads them where the order allows it, and where it
/// cannot be known the preview shows a notice naming it. No preview reads another's values
/// without one. Each test is a preview process of its own: a canvas, and its test's defaults.
@MainActor @Suite struct PreviewOrdersTests {
  private let canvas = PreviewCanvas()
  private let processDefault = DependencyValues._current[PerPreviewKey.self]

  private func preview(_ line: UInt, _ traits: SimulatedTrait...) -> SimulatedPreview {
    SimulatedPreview(line: line, traits: traits, canvas: canvas)
  }

  @Test func onePreviewAtATime() {
    let first = preview(10, .greeting("first"))
    let second = preview(20, .greeting("second"), .aggregate("second"))

    first.buildTraits()
    let firstModel = GreetingModel()  // the #Preview closure
    let firstShown = first.render()
    #expect(firstShown.greeting == "first")
    #expect(firstModel.greeting.text == "first")
    #expect(firstShown.notice == nil)

    second.buildTraits()
    let secondModel = GreetingModel()
    let secondShown = second.render()
    #expect(secondShown.greeting == "second")
    #expect(secondShown.aggregate == "second API")
    #expect(secondModel.greeting.text == "second")
    #expect(secondShown.notice == nil)
    #expect(secondShown.perPreviewDefault !== firstShown.perPreviewDefault, "each preview's views have fresh defaults")
    #expect(firstShown.perPreviewDefault !== processDefault)

    let firstAgain = first.render()
    #expect(firstAgain.greeting == "first", "the first preview's views keep its values")
    #expect(firstAgain.aggregate == nil)
    // Its closure's model reads the process's values, which are now the second preview's: it says so.
    #expect(firstModel.greeting.text == "second")
    #expect(firstAgain.notice?.text.contains(first.place) == true)
    #expect(firstAgain.notice?.text.contains(second.place) == true)
  }

  /// Every order of building three previews' traits, then showing each of them in turn first.
  @Test(arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]], [0, 1, 2])
  func everyPreviewsTraitsBuiltBeforeAnyIsShown(buildOrder: [Int], shownIndex: Int) {
    let previews = [
      preview(10, .greeting("a")), preview(20, .greeting("b"), .aggregate("b")), preview(30, .greeting("c")),
    ]
    for index in buildOrder { previews[index].buildTraits() }
    let shown = previews[shownIndex]

    let model = GreetingModel()  // reads when used, after the preview is shown
    let rendered = shown.render()

    let expected = ["a", "b", "c"][shownIndex]
    #expect(rendered.greeting == expected)
    #expect(rendered.aggregate == (shownIndex == 1 ? "b API" : nil))
    #expect(rendered.perPreviewDefault !== processDefault)
    #expect(model.greeting.text == expected)
    #expect(rendered.notice == nil)
  }

  @Test func aClosureThatReadsBeforeThePreviewIsShownIsToldWhenOthersWereBuiltFirst() {
    let first = preview(10, .greeting("first"))
    let second = preview(20, .greeting("second"))
    first.buildTraits()
    second.buildTraits()

    let model = EagerGreetingModel()  // reads in its initialiser, inside the closure
    let rendered = first.render()

    #expect(rendered.greeting == "first")
    #expect(model.greetingAtInit == "test", "the fresh default, never the other preview's value")
    #expect(rendered.notice?.text.contains(first.place) == true)
    #expect(GreetingModel().greeting.text == "first", "models made from now on read the preview's values")
  }

  @Test func aPreviewWhoseTraitsWereBuiltAndWhichIsNeverShown() {
    let neverShown = preview(10, .greeting("never shown"), .aggregate("never shown"))
    let shown = preview(20, .greeting("shown"))

    neverShown.buildTraits()
    shown.buildTraits()
    let model = GreetingModel()
    let eager = EagerGreetingModel()
    let rendered = shown.render()

    #expect(rendered.greeting == "shown")
    #expect(rendered.aggregate == nil)
    #expect(model.greeting.text == "shown")
    #expect(eager.greetingAtInit != "never shown")
    #expect(!DependencyValues._current.appAggregate.isInstalled, "the process never keeps its aggregate")
  }

  @Test func aPreviewBuiltAfterOneIsShownAndNeverShownItself() {
    let shown = preview(10, .greeting("shown"))
    let neverShown = preview(20, .greeting("never shown"))
    shown.buildTraits()
    let model = GreetingModel()
    #expect(shown.render().notice == nil)

    neverShown.buildTraits()
    let rendered = shown.render()

    #expect(rendered.greeting == "shown")
    #expect(model.greeting.text == "never shown")
    #expect(
      rendered.notice?.text.contains(neverShown.place) == true, "the closure's model changed: the preview says so")
  }

  @Test func aClosureCalledAgainAfterOtherPreviewsTraitsWereBuilt() {
    let first = preview(10, .greeting("first"))
    let second = preview(20, .greeting("second"))
    first.buildTraits()
    _ = GreetingModel()
    #expect(first.render().notice == nil)
    second.buildTraits()

    let again = GreetingModel()  // the first preview's closure, called again
    let rendered = first.render()

    #expect(rendered.greeting == "first")
    #expect(again.greeting.text == "second")
    #expect(rendered.notice?.text.contains(first.place) == true)
    #expect(rendered.notice?.text.contains(second.place) == true)
  }

  @Test func theProcessKeptAliveAcrossEdits() {
    let edited = preview(10, .greeting("before the edit"))
    let other = preview(20, .greeting("other"))
    edited.buildTraits()
    let before = edited.render()
    let modelBefore = GreetingModel()

    // The edit: Xcode keeps the process and builds the traits again, as new ones.
    let afterEdit = preview(10, .greeting("after the edit"))
    afterEdit.buildTraits()
    let model = GreetingModel()
    let rendered = afterEdit.render()

    #expect(rendered.greeting == "after the edit")
    #expect(model.greeting.text == "after the edit")
    #expect(rendered.perPreviewDefault !== before.perPreviewDefault, "new traits, fresh defaults")
    #expect(rendered.notice == nil)
    #expect(modelBefore.greeting.text == "after the edit", "the same preview's values, not another's")
    #expect(edited.render().notice == nil)

    // An edit after which Xcode builds every preview's traits of the file again.
    let afterSecondEdit = preview(10, .greeting("after the second edit"))
    afterSecondEdit.buildTraits()
    other.buildTraits()
    let lastModel = GreetingModel()
    let lastRendered = afterSecondEdit.render()
    #expect(lastRendered.greeting == "after the second edit")
    #expect(lastModel.greeting.text == "after the second edit")
    #expect(lastRendered.notice == nil)
  }

  @Test func theAppsInitRunsInThePreviewProcessFirst() {
    // What an `App.init` that does not check `isPreviewing` does there.
    prepareDependencies {
      $0.install(AppAggregate.named("live"))
      $0.greeting = Greeting(text: "live")
    }
    let appModel = GreetingModel()
    let plain = preview(10, .greeting("preview"))
    let installing = preview(20, .aggregate("preview"))

    plain.buildTraits()
    let model = GreetingModel()
    let rendered = plain.render()
    #expect(rendered.greeting == "preview")
    #expect(rendered.aggregate == nil)
    #expect(model.greeting.text == "preview")
    #expect(!DependencyValues._current.appAggregate.isInstalled, "the app's live aggregate is gone")
    #expect(rendered.notice == nil)

    installing.buildTraits()
    let installed = installing.render()
    #expect(installed.aggregate == "preview API")
    #expect(installed.greeting == "test", "fresh defaults, not the app's")
    #expect(GreetingModel().greeting.text == "test")
    #expect(appModel.greeting.text == "test", "the app's own model reads the preview process's values too")
  }
}
