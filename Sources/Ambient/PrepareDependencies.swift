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
/// - Parameters:
///   - updateValues: Sets the values to prepare.
///   - fileID: Where the call is, for failure messages.
///   - filePath: Where the call is, for failure messages.
///   - line: Where the call is, for failure messages.
///   - column: Where the call is, for failure messages.
public func prepareDependencies(
  _ updateValues: (inout DependencyValues) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows {
  let current = DependencyValues._current
  // The closure runs over a scratch root: setting `$0.date.now` reads `date` first, and that
  // read must neither count as a read of the real default nor report a missing test value.
  let scratch = OverrideStorage(root: DefaultValueStore())
  scratch.context = current.storage.context
  var changes = DependencyValues(storage: scratch)
  try DependencyValues.whileUpdating { try updateValues(&changes) }
  let cache = current.root.cache(for: current.resolvedContext)
  for (key, box) in changes.storage.table {
    guard let conflict = cache.prepare(box, for: key) else { continue }
    let message = IssueMessage.preparationConflict(conflict, keyName: box.key.map { typeName($0) } ?? "dependency")
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
  }
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
