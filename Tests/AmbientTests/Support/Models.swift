import Ambient

/// A model that captures its dependencies when created, as app models do.
final class GreeterModel {
  @Dependency(\.allValues) var allValues
  @Dependency(Palette.self) var palette

  /// A child created the documented way: it inherits this model's captured values.
  func makeChild() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

/// A model created by ``GreeterModel``.
final class ChildModel {
  @Dependency(\.allValues) var allValues
  @Dependency(Palette.self) var palette
}

/// A model with no `@Dependency` properties: `withDependencies(from:)` has nothing to inherit.
final class PlainModel {
  var title = "plain"
}

/// A value type holding a `@Dependency`: `Sendable` because the wrapper is.
struct SendableReader: Sendable {
  @Dependency(\.allValues) var allValues
}
