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
