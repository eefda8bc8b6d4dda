/// One `#Preview` trait of AmbientUI (`.dependencies { … }`, `.dependency(\.x, value)`, an
/// installed aggregate) as Xcode builds it: the platform-neutral half of those traits, which
/// exist on iOS 18, macOS 15 and later.
///
/// `#Preview` expands into a type whose `makePreview()` calls `Preview(traits: …) { … }`, so a
/// trait is built when Xcode makes the preview, before it can call the closure. Building one
/// runs its change once, over values of its own, and does two things with the result:
///
/// - the views below the trait get it, over fresh defaults of their own, from
///   ``PreviewSubtree``: the same in every order Xcode may use;
/// - models made in the `#Preview` closure, which read the process's values, get it from
///   ``PreviewCanvas`` wherever Xcode's order lets it tell which preview that closure belongs to.
///
/// ```swift
/// let trait = PreviewDependencies({ $0.apiClient = .mock }, fileID: …)  // Xcode builds the trait
/// let model = FeatureModel()                                            // calls the closure
/// let tree = PreviewSubtree().evaluate(trait, above: scope, outer: nil) // computes its modifier
/// ```
///
/// The location is the `#Preview`'s: inside a macro expansion, `#fileID` and `#line` default
/// arguments give the location of the macro's use, so every trait of one `#Preview` carries it.
package struct PreviewDependencies: Sendable {
  /// The `#Preview` this trait belongs to.
  let preview: SourceLocation
  /// What the trait changes: overrides only, over a root of their own that nothing reads.
  let changes: DependencyValues
  /// The keys ``changes`` sets.
  let keys: Set<UInt>
  /// The traits of the preview this trait was built with, as the canvas keeps them.
  let group: PreviewGroup
  let canvas: PreviewCanvas
  /// Tells one build of a trait from another, for views that keep what they derived from it.
  let identity: Identity

  /// A trait that changes the values as `update` does, built for the `#Preview` at the given
  /// location (the trait functions' `#fileID`… defaults).
  @MainActor
  package init(
    _ update: (inout DependencyValues) -> Void,
    canvas: PreviewCanvas = .shared,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    preview = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // Over a scratch root: setting part of a dependency (`$0.apiClient.fetchItems = …`) reads it
    // first, and that read must build nothing in the process's values.
    changes = DependencyValues(root: DefaultValueRoot()).updated(by: update)
    let boxes = changes._overrides?.everyValueBoxed ?? []
    keys = Set(boxes.map(\.key))
    self.canvas = canvas
    identity = Identity()
    group = canvas.traitBuilt(for: preview, boxes: boxes, context: changes._overrides?.context)
  }

  /// A trait that sets the dependency at `keyPath`.
  @MainActor
  package static func setting<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value, canvas: PreviewCanvas = .shared,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> PreviewDependencies {
    PreviewDependencies(
      { $0[keyPath: keyPath] = value }, canvas: canvas, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A trait that sets the dependency of a type that is its own key.
  @MainActor
  package static func setting<Key: TestDependencyKey>(
    _ value: Key, canvas: PreviewCanvas = .shared,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> PreviewDependencies where Key.Value == Key {
    PreviewDependencies(
      { $0[Key.self] = value }, canvas: canvas, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A trait that installs a required dependency (the app's aggregate, usually).
  @MainActor
  package static func installing<Key: RequiredDependencyKey>(
    _ value: Key, canvas: PreviewCanvas = .shared,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> PreviewDependencies {
    PreviewDependencies(
      { $0.install(value) }, canvas: canvas, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An object per build of a trait, compared by identity.
  final class Identity: Sendable {}
}
