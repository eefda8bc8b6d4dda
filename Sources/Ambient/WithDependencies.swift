import AmbientRuntime

/// Runs `operation` with changed dependencies, then restores the previous ones.
///
/// ```swift
/// let model = withDependencies {
///   $0.apiClient.fetchItems = { [.mock] }
///   $0.date.now = Date(timeIntervalSince1970: 0)
/// } operation: {
///   ItemListModel()
/// }
/// ```
///
/// The changes apply to everything `operation` does synchronously and to the child tasks it
/// starts; models created inside it capture them for their whole life. `Task.detached` and
/// escaping callbacks do not inherit them: use ``withEscapedDependencies(_:)`` for those.
///
/// Setting part of a dependency (`$0.date.now = …`, `$0[keyPath: \.apiClient.fetch] = …`)
/// reads it first. Whatever that read reports, such as a test value that fails the test when
/// used, is dropped while `updateValuesForOperation` runs: overriding is not using.
///
/// Binding whole values (`$0 = .test`, `$0 = .live`, `$0 = DependencyValues()`) starts the
/// scope from its own default values: each key read in it is built anew, once.
///
/// When `operation` returns an object, the object remembers this scope (weakly), so that
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)`` can give it to the
/// object's children even if it holds no `@Dependency` property.
///
/// - Parameters:
///   - updateValuesForOperation: Changes the values; reads in it see the current scope's values.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
@inlinable @discardableResult
public func withDependencies<R>(
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let values = try DependencyValues.scopeValues(updatedBy: updateValuesForOperation)
  defer { DependencyValues.endScope(values) }
  return try DependencyValues.$_current.withValue(values) {
    try DependencyValues.runInScope(operation)
  }
}

/// Runs asynchronous `operation` with changed dependencies, on the caller's actor.
///
/// ```swift
/// try await withDependencies {
///   $0.apiClient.fetchItems = { [.mock] }
/// } operation: {
///   try await model.load()
/// }
/// ```
///
/// Child tasks, `async let` and task groups inside `operation` inherit the changes. Otherwise
/// it behaves as the synchronous form does.
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - updateValuesForOperation: Changes the values; may suspend.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let values = try await DependencyValues.current.updated(by: updateValuesForOperation).readyToBind
  return try await values.bind(operation)
}

extension DependencyValues {
  /// The values a `withDependencies` scope runs with: the current ones with `update` applied,
  /// ready to bind (see ``readyToBind``) and counted in the process's bound overrides. Not
  /// generic, so it is compiled once, in this module, whatever the operation returns.
  @usableFromInline
  static func scopeValues(updatedBy update: (inout DependencyValues) throws -> Void) rethrows -> DependencyValues {
    // Changed in place rather than through `updated(by:)`, whose copy of the current values
    // retained and released each of their references once more.
    var values = current
    try whileUpdating { try update(&values) }
    if values.startsFreshDefaults { values = values.readyToBind }
    values.countOverridesAsBound()
    return values
  }

  /// Ends a synchronous scope whose values were `values`: keeps their set of overrides, emptied,
  /// as this thread's spare for the next scope when nothing else (a model, an escaping closure,
  /// a child task) holds it (SpareOverrides.swift).
  ///
  /// Borrows the values, so that the scope lends its own `let` to `withValue` rather than a copy
  /// of a `var`, and checks their overrides' reference count through the object's address, taken
  /// in a condition of its own so that a debug build's temporary copy of the reference is gone
  /// before the count is read. With the shared root lent to new overrides unretained
  /// (`makeOverridesUniqueOutOfLine`), "withDependencies, 1 override" costs 1,026 instructions
  /// instead of 1,162, "…, 1 override, struct of closures" 1,302 instead of 1,437 (callgrind),
  /// which keeps both ahead of swift-dependencies. Moving the values into this function
  /// (`consume` in the scope's `defer`) saved about 45 more, but is not kept: that every
  /// supported compiler accepts `consume` in a `defer` is not established.
  @usableFromInline
  static func endScope(_ values: DependencyValues) {
    guard let address = values._overrides.map(Overrides.address(of:)),
      Overrides.isOnlyReference(toObjectAt: address)
    else { return }
    Overrides.keepAsSpare(values._overrides!)
  }

  /// Runs `operation` in a scope as code that changes no values, and remembers the scope as the
  /// one an object `operation` returns was created in. Inlined, so that the check of the result's
  /// type is specialised for `R`.
  @inlinable
  static func runInScope<R>(_ operation: () throws -> R) rethrows -> R {
    let result = try DependencyValues.outsideUpdate(operation)
    // `_canBeClass` is decided at compile time for most types; the cast only runs for the rest.
    if _canBeClass(R.self) != 0, R.self is AnyObject.Type {
      DependencyValues.rememberBoundScope(of: result as AnyObject)
    }
    return result
  }

  /// Remembers the values bound by the innermost scope, this one's, as the scope `object` was
  /// created in (`ObjectScopes`). Out of line: only operations that return an object come here.
  @usableFromInline
  static func rememberBoundScope(of object: AnyObject) {
    ObjectScopes.remember(object, createdWith: current)
  }

  /// Runs `operation` with these values bound, as code that changes no values, and remembers
  /// the scope of an object it returns.
  ///
  /// Consuming, so that the values a `withDependencies` just made are counted as bound in place
  /// (see `BoundOverrides.swift`) rather than copied because the caller still holds them.

  consuming func bind<R>(_ operation: () throws -> R) rethrows -> R {
    countOverridesAsBound()
    return try DependencyValues.$_current.withValue(self) {
      try remembering(DependencyValues.outsideUpdate(operation))
    }
  }

  /// Runs asynchronous `operation` with these values bound; see the synchronous form.
  consuming func bind<R>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
  ) async rethrows -> R {
    countOverridesAsBound()
    return try await DependencyValues.$_current.withValue(self) {
      try await remembering(DependencyValues.outsideUpdate(operation))
    }
  }

  /// `result`, remembered as created in this scope when it is an object. The check is one
  /// metadata comparison for the common results that are not.

  private func remembering<R>(_ result: R) -> R {
    if R.self is AnyObject.Type { ObjectScopes.remember(result as AnyObject, createdWith: self) }
    return result
  }
}
