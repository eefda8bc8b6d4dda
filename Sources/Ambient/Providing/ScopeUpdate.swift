/// A change to dependency values, as `.dependencies { … }` and `WithDependencies { … }` take
/// it, kept in a struct so that ``isSameInput(_:_:)`` compares the closure itself.
package struct ScopeUpdate {
  package let apply: (inout DependencyValues) -> Void

  package init(_ apply: @escaping (inout DependencyValues) -> Void) {
    self.apply = apply
  }
}
