extension IssueMessage {
  /// A built-in dependency used in a test that did not override it.
  static func unimplementedBuiltin(
    _ keyPath: String, used: String, returned: String, override value: String, context: DependencyContext
  ) -> IssueMessage {
    IssueMessage(
      headline: "Unimplemented: @Dependency(\(keyPath)) was \(used) in the \(context.rawValue) context.",
      facts: [("Returned", returned)],
      why:
        "Its live value depends on the machine and the moment the test runs, so Ambient fails the test and gives it a fixed value instead.",
      fixes: [overrideFix(keyPath, with: value)]
    )
  }
}

/// Reports that the built-in at `keyPath` was used in a test without an override; quiet while
/// a `withDependencies` closure or trait changes values, which reads a value to override it.
func reportUnimplementedBuiltin(
  _ keyPath: String, used: String = "called", returned: String, override value: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  guard !DependencyValues.isUpdating else { return }
  let message = IssueMessage.unimplementedBuiltin(
    keyPath, used: used, returned: returned, override: value, context: DependencyValues.current.context
  )
  reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
}
