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
  var values = try DependencyValues.scopeValues(updatedBy: updateValuesForOperation)
  defer { DependencyValues.endScope(&values) }
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

/// Runs `operation` with the dependencies that `model` captured when it was created, plus
/// `updateValuesForOperation`'s changes: the way to create a child model that inherits its
/// parent's overrides.
///
/// ```swift
/// func select(_ item: Item) {
///   detail = withDependencies(from: self) { ItemDetailModel(item: item) }
/// }
/// ```
///
/// The child gets, from strongest to weakest: the changes `updateValuesForOperation` makes, the
/// overrides in scope where this is called, the values `model` captured when it was created,
/// and the default values. So a test that overrides a dependency around a call that creates a
/// child overrides it for the child too, as it does for every other read.
///
/// `model` must hold a `@Dependency` property, or have been returned by the operation of a
/// `withDependencies`; otherwise there is nothing to inherit, an issue is reported, and
/// `operation` runs with the current values.
///
/// - Parameters:
///   - model: The parent whose captured dependencies the child should get.
///   - updateValuesForOperation: Further changes for the child.
///   - operation: Creates the child.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  let inherited = DependencyValues.current.inheriting(
    from: model, fileID: fileID, filePath: filePath, line: line, column: column
  )
  return try inherited.updated(by: updateValuesForOperation).readyToBind.bind(operation)
}

/// Runs asynchronous `operation` with the dependencies that `model` captured, plus
/// `updateValuesForOperation`'s changes, on the caller's actor.
///
/// - Parameters:
///   - model: The parent whose captured dependencies the child should get.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - updateValuesForOperation: Further changes for the child.
///   - operation: Creates the child or does the work.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  let inherited = DependencyValues.current.inheriting(
    from: model, fileID: fileID, filePath: filePath, line: line, column: column
  )
  return try await inherited.updated(by: updateValuesForOperation).readyToBind.bind(operation)
}

// Separate overloads rather than a defaulted `updateValuesForOperation`: a `rethrows` function
// counts a defaulted closure argument as throwing, so `withDependencies(from: self) { Child() }`
// would need `try`.

/// Runs `operation` with the dependencies that `model` captured when it was created: the way to
/// create a child model that inherits its parent's overrides. See
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - model: The parent whose captured dependencies the child should get.
///   - operation: Creates the child.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// Runs asynchronous `operation` with the dependencies that `model` captured, on the caller's
/// actor. See ``withDependencies(from:isolation:_:operation:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - model: The parent whose captured dependencies the child should get.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - operation: Creates the child or does the work.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: model, isolation: isolation, { _ in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
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
  /// as this thread's spare for the next scope when nothing else holds it (SpareOverrides.swift).
  @usableFromInline
  static func endScope(_ values: inout DependencyValues) {
    guard values._overrides != nil, isKnownUniquelyReferenced(&values._overrides) else { return }
    let owned = values._overrides!
    values._overrides = nil
    Overrides.keepAsSpare(owned)
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

  /// The values a child of `model` starts from: the values `model` captured (its `@Dependency`
  /// properties', else those of the scope that created it), with these values' overrides
  /// written over them, as every read merges the current scope over captured values.
  func inheriting(
    from model: AnyObject, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> DependencyValues {
    guard let parent = Self.captured(by: model) ?? ObjectScopes.values(of: model) else {
      let message = IssueMessage.nothingToInherit(modelType: typeName(type(of: model)))
      reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
      return self
    }
    return parent.merging(self)
  }

  /// The values `model`'s `@Dependency` properties captured, if it has any.
  private static func captured(by model: AnyObject) -> DependencyValues? {
    var captured: DependencyValues?
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        guard let dependency = child.value as? any CapturedDependencies else { continue }
        captured = captured.map { $0.merging(dependency.capturedValues) } ?? dependency.capturedValues
      }
      mirror = current.superclassMirror
    }
    return captured
  }
}
