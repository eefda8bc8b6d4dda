/// Whether a view's input is unchanged since the last body evaluation, decided without knowing
/// its type: what keeps a derived ``DependencyScope`` (and so the views reading it) stable.
///
/// - `Equatable` values compare with `==` (a key path, a `Greeting(text:)`).
/// - Anything else is the same when its stored bits are: the same objects, by identity, and the
///   same inline data. A client held in a `static let`, or an aggregate kept in a property,
///   passes; a struct rebuilt with new objects (a `static var` that makes new closures) does
///   not.
/// - A closure is the same only when it is the same closure value: a literal that captures
///   nothing is; one that captures anything (`self`, a local) is a new value at each body
///   evaluation, so a scope built from it is derived again each time (right, only not cached).
///
/// The comparison never calls an input "the same" when it might differ: identical bits mean
/// the same references (which the caller keeps alive, so an address cannot be reused) and the
/// same data. It can call equal values different (padding, a new but equal `String` buffer);
/// that only costs a rebuild.
///
/// Pass closures wrapped in a struct (see ``ScopeUpdate``): a bare closure handed to a generic
/// parameter is re-wrapped by the compiler, and the wrapper is new every time.
func isSameInput<Input>(_ old: Input, _ new: Input) -> Bool {
  // A value with no bits (`()`, an empty struct) is always the same; this also keeps such
  // values away from the dynamic cast below, which crashes for `()` in optimised builds.
  if MemoryLayout<Input>.size == 0 { return true }
  if let old = old as? any Equatable {
    return isEqual(old, new)
  }
  return withUnsafeBytes(of: old) { oldBytes in
    withUnsafeBytes(of: new) { newBytes in oldBytes.elementsEqual(newBytes) }
  }
}

private func isEqual<Value: Equatable>(_ old: Value, _ new: Any) -> Bool {
  guard let new = new as? Value else { return false }
  return old == new
}
