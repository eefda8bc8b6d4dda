/// What one `#Preview` trait changes (`.dependencies { … }`, `.dependency(\.x, value)`, an
/// installed aggregate): the logic behind `AmbientUI`'s preview traits on iOS 18, macOS 15 and
/// later.
///
/// Making one is step 1 of a preview (see ``PreviewCanvas``): it starts the preview with fresh
/// default values, unless another trait of the same preview started it, and prepares its changes,
/// so that a model built next, in the `#Preview` closure, reads them:
///
/// ```swift
/// let trait = PreviewDependencies { $0.apiClient = .mock }   // Xcode builds the trait
/// let model = FeatureModel()                                 // then calls the closure: reads .mock
/// trait.rendered()                                           // then computes the modifier's body
/// ```
///
/// The change runs once, when the trait is built, however often SwiftUI evaluates the body.
package struct PreviewDependencies: Sendable {
  private let canvas: PreviewCanvas
  private let preview: UInt64

  /// A trait that changes the values as `update` does, for the preview it starts (or joins,
  /// when another trait of the same preview started it).
  package init(_ update: (inout DependencyValues) -> Void, canvas: PreviewCanvas = .shared) {
    self.canvas = canvas
    preview = canvas.traitBuilt(update)
  }

  /// A trait that sets the dependency at `keyPath`.
  package static func setting<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value, canvas: PreviewCanvas = .shared
  ) -> PreviewDependencies {
    PreviewDependencies({ $0[keyPath: keyPath] = value }, canvas: canvas)
  }

  /// A trait that sets the dependency of a type that is its own key.
  package static func setting<Key: TestDependencyKey>(
    _ value: Key, canvas: PreviewCanvas = .shared
  ) -> PreviewDependencies where Key.Value == Key {
    PreviewDependencies({ $0[Key.self] = value }, canvas: canvas)
  }

  /// A trait that installs a required dependency (the app's aggregate, usually).
  package static func installing<Key: RequiredDependencyKey>(
    _ value: Key, canvas: PreviewCanvas = .shared
  ) -> PreviewDependencies {
    PreviewDependencies({ $0.install(value) }, canvas: canvas)
  }

  /// Step 3: the preview's view tree was computed, so the next trait built belongs to the next
  /// preview. Called at every evaluation of the trait's modifier; only the first counts.
  package func rendered() {
    canvas.rendered(preview)
  }
}
