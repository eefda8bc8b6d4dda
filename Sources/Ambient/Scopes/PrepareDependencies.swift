/// Sets default values once, at an app's entry point, before anything reads them: the place
/// for values that need set-up (a database opened at a path, a client with a token).
///
/// ```swift
/// @main struct ItemsApp: App {
///   init() {
///     prepareDependencies {
///       $0.database = try! Database.open(at: .applicationSupportDirectory)
///     }
///   }
/// }
/// ```
///
/// Prepared values replace the key's default in the current context for the rest of the
/// process (in a test, for the rest of that test), and every scope reads them unless it
/// overrides them. Preparing a key that was already read, or preparing it twice, reports an
/// issue and keeps the first value: models that already read it would otherwise disagree.
///
/// Every change the closure makes is applied, the context included: after
/// `prepareDependencies { $0.context = .live }`, scopes that do not choose a context read live
/// values, and the values the same closure sets are prepared for that context. Like any value,
/// the context can only be prepared before anything was read.
///
/// The closure's result is returned, so a value it builds can be kept as well:
///
/// ```swift
/// let database = try prepareDependencies {
///   let database = try Database.open(at: url)
///   $0.database = database
///   return database
/// }
/// ```
///
/// Setting part of a dependency (`$0.date.now = …`) reads it first; that read builds nothing
/// that counts as a read, and reports nothing.
///
/// - Parameters:
///   - updateValues: Sets the values to prepare; what it returns is returned.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
/// - Returns: What `updateValues` returns.
@discardableResult
public func prepareDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  let current = DependencyValues.current
  // The closure runs over a scratch root: setting `$0.date.now` reads `date` first, and that
  // read must not count as a read of the real default.
  let scratch = Overrides(root: DefaultValueRoot())
  scratch.context = current.overrides.context
  scratch.preparedKeyNames = [:]  // boxes only (they are handed to the caches), names recorded
  var changes = DependencyValues(overrides: scratch)
  let result = try DependencyValues.whileUpdating { try updateValues(&changes) }

  // The process's root, or in a test the running test's. The context and the keys are
  // prepared in one step (see `DefaultValueRoot.prepare`).
  let chosen = changes._overrides?.context
  let conflicts = current.root.resolved.prepare(
    context: chosen != current._overrides?.context ? chosen : nil,
    keysContext: current._overrides?.context,
    boxes: changes.overrides.everyValueBoxed
  )
  for (key, conflict) in conflicts {
    let keyName =
      key.map { changes.overrides.preparedKeyNames?[$0] ?? typeName(TypeTable.keyType($0)) }
      ?? typeName(DependencyContext.self)
    let message = IssueMessage.preparationConflict(conflict, keyName: keyName)
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return result
}

extension IssueMessage {
  static func preparationConflict(_ conflict: DefaultValueCache.PreparationConflict, keyName: String) -> IssueMessage {
    switch conflict {
    case .alreadyRead:
      IssueMessage(
        headline: "prepareDependencies set a \(keyName) that was already read; the value read first is kept.",
        why: "Code that already read the default would disagree with code that reads the prepared value.",
        fixes: ["Call prepareDependencies once, at the app's entry point, before anything reads dependencies."]
      )
    case .preparedTwice:
      IssueMessage(
        headline: "prepareDependencies set a \(keyName) that was already prepared; the first value is kept.",
        why: "Prepared values are for one-time set-up at the entry point.",
        fixes: ["Prepare each dependency once; use withDependencies to change it for one scope."]
      )
    }
  }
}
