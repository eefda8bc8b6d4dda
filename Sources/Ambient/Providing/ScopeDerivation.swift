/// Derives a subtree's ``DependencyScope`` from its parent scope and the inputs that change it,
/// and keeps the derived scope, and so its identity, while both are unchanged.
///
/// SwiftUI evaluates a view's body many times. A modifier that derived a new scope each time
/// would hand every reader below a scope with a new identity, and every one of them would be
/// invalidated on every re-render of a parent. `AmbientUI`'s `.dependency(…)`,
/// `.dependencies { … }` and `WithDependencies` keep one derivation per view (in `@State`) and
/// ask it for the scope at each evaluation:
///
/// ```swift
/// let scope = derivation.scope(over: parent, inputs: keyPath, value) { $0[keyPath: keyPath] = value }
/// ```
///
/// The parent compares by identity (`==` on scopes); inputs compare as ``isSameInput(_:_:)``
/// says: `Equatable` values by `==`, anything else by its bits (objects by identity), closures
/// as closure values. `update` runs only when something changed.
///
/// Main-actor isolated: a view's body runs there, and so does this.
@MainActor
package final class ScopeDerivation {
  private var last: (parent: DependencyScope, inputs: Any, scope: DependencyScope)?

  // Nonisolated so that a view's `@State` default value can create it from any context.
  nonisolated package init() {}

  /// The scope `update` makes over `parent`: the previous one when `parent` and the inputs are
  /// the same as last time, otherwise a new one.
  package func scope<First, Second>(
    over parent: DependencyScope,
    inputs first: First,
    _ second: Second,
    update: (inout DependencyValues) -> Void
  ) -> DependencyScope {
    if let last, last.parent == parent, let inputs = last.inputs as? Inputs<First, Second>,
      isSameInput(inputs.first, first), isSameInput(inputs.second, second)
    {
      return last.scope
    }
    let scope = parent.updating(update)
    last = (parent, Inputs(first: first, second: second), scope)
    return scope
  }

  /// The scope `update` makes over `parent`, derived again only when `parent` or `update`
  /// changed; see ``scope(over:inputs:_:update:)``.
  package func scope(over parent: DependencyScope, update: ScopeUpdate) -> DependencyScope {
    scope(over: parent, inputs: update, ()) { update.apply(&$0) }
  }
}

/// The inputs of the last derivation, stored with their static types (in `Any` a closure or a
/// generic value would be re-wrapped and never compare the same).
private struct Inputs<First, Second> {
  let first: First
  let second: Second
}
