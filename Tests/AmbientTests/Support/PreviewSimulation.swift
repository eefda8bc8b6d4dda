@testable import Ambient

/// One `#Preview` of a file, as Xcode's preview process handles it, one step at a time, so that
/// a test can replay any order of the steps.
///
/// `#Preview` expands into a type whose `makePreview()` calls `Preview(traits: …) { … }`
/// (Apple's documentation of `Preview.init(_:traits:body:)`), so building the traits is one
/// step (``buildTraits()``), calling the closure another (the test makes its model with
/// nothing bound, as the closure does), and computing the traits' modifiers a third
/// (``render()``). Which comes when, and how often, is what the tests vary.
@MainActor
final class SimulatedPreview {
  /// The line of its `#Preview`, in `Feature/FeatureView.swift`.
  let line: UInt
  private let traitsWritten: [SimulatedTrait]
  private let canvas: PreviewCanvas
  /// The traits of the latest `makePreview()`.
  private(set) var traits: [PreviewDependencies] = []
  /// What each trait's view keeps in `@State`: one per trait of the view on screen.
  private var subtrees: [PreviewSubtree] = []

  init(line: UInt, traits: [SimulatedTrait], canvas: PreviewCanvas) {
    self.line = line
    traitsWritten = traits
    self.canvas = canvas
  }

  /// `makePreview()`: builds the traits in the order they are written, and the views that show
  /// them are new ones.
  func buildTraits() {
    traits = traitsWritten.map { $0.build(at: line, canvas: canvas) }
    subtrees = traits.map { _ in PreviewSubtree() }
  }

  /// The traits' modifiers computed: "the first modifier will apply to the body of the
  /// preview, the second modifier to the body of the first modifier" (Apple's documentation
  /// of `PreviewTrait.modifier(_:)`), so the last trait is outermost and is evaluated first,
  /// under nothing (the environment's default scope), each one below the next.
  func render() -> RenderedPreview {
    var scope = DependencyScope()
    var marker: PreviewMarker?
    var notice: PreviewNotice?
    for (trait, subtree) in zip(traits, subtrees).reversed() {
      let evaluation = subtree.evaluate(trait, above: scope, outer: marker)
      scope = evaluation.scope
      marker = evaluation.marker
      notice = notice ?? evaluation.notice
    }
    return RenderedPreview(tree: scope, notice: notice)
  }

  /// `Feature/FeatureView.swift:<line>`, as messages name the preview.
  var place: String { "Feature/FeatureView.swift:\(line)" }
}

/// What a preview's view tree holds after its modifiers were computed.
struct RenderedPreview {
  /// The scope of the views below the traits: what a model made there reads.
  let tree: DependencyScope
  /// The warning the outermost trait's view draws, if any.
  let notice: PreviewNotice?

  /// The greeting a model made below the traits reads.
  var greeting: String { tree.withValues { GreetingModel() }.greeting.text }
  /// The aggregate the views below the traits have installed, by its API client's name.
  var aggregate: String? { tree.required(AppAggregate.self).installedValue?.apiClient.name }
  /// The default value a model made below the traits reads: one object per set of defaults.
  var perPreviewDefault: PerPreviewKey.Value { tree.withValues { DependencyValues._current[PerPreviewKey.self] } }
}

/// A trait as a `#Preview` writes it.
enum SimulatedTrait {
  /// `.dependency(\.greeting, Greeting(text: text))`
  case greeting(String)
  /// `.dependency(AppAggregate.named(name))`
  case aggregate(String)
  /// `.dependencies { _ in }`
  case nothing
  /// `.dependencies { $0[BaseURLKey.self] = url }`: an input of derived defaults.
  case baseURL(String)

  @MainActor
  func build(at line: UInt, canvas: PreviewCanvas) -> PreviewDependencies {
    // What the trait functions receive from their `#fileID`… defaults inside a `#Preview`: the
    // location of the `#Preview` itself.
    let file: StaticString = "Feature/FeatureView.swift"
    let path: StaticString = "/Sources/Feature/FeatureView.swift"
    switch self {
    case .greeting(let text):
      return .setting(
        \.greeting, Greeting(text: text), canvas: canvas, fileID: file, filePath: path, line: line, column: 1)
    case .aggregate(let name):
      return .installing(AppAggregate.named(name), canvas: canvas, fileID: file, filePath: path, line: line, column: 1)
    case .nothing:
      return PreviewDependencies({ _ in }, canvas: canvas, fileID: file, filePath: path, line: line, column: 1)
    case .baseURL(let url):
      return PreviewDependencies(
        { $0[BaseURLKey.self] = url }, canvas: canvas, fileID: file, filePath: path, line: line, column: 1)
    }
  }
}

/// A default value with an identity, to tell whose set of defaults was read.
enum PerPreviewKey: TestDependencyKey {
  final class Value: Sendable {}
  static var testValue: Value { Value() }
}

/// A model whose initialiser reads its dependency, as one that loads in `init` does.
final class EagerGreetingModel {
  let greetingAtInit: String

  init() {
    @Dependency(\.greeting) var greeting
    greetingAtInit = greeting.text
  }
}
