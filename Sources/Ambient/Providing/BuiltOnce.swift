/// Holds what a view builds once for its whole life, such as the model of a preview that
/// `AmbientUI`'s `WithDependencies(model:content:)` hands to its content at every body
/// evaluation. SwiftUI keeps the holder in `@State`; the first evaluation builds the value.
///
/// Main-actor isolated: a view's body runs there.
@MainActor
package final class BuiltOnce {
  private var value: Any?

  // Nonisolated so that a view's `@State` default value can create it from any context.
  nonisolated package init() {}

  /// The value built earlier, or the one `make` builds now (and is kept).
  package func value<Value>(orMake make: () -> Value) -> Value {
    if let value = value as? Value { return value }
    let made = make()
    value = made
    return made
  }
}
