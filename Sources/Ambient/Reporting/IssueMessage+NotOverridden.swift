extension IssueMessage {
  /// An exhaustive test read a dependency it did not override.
  static func notOverridden(_ read: DependencyTrace.Read, testName: String) -> IssueMessage {
    var facts: [(label: String, value: String)] = [("Test", testName)]
    if !read.sites.isEmpty { facts.append(("Read at", read.sites.joined(separator: ", "))) }
    facts.append(("Key", read.key))
    return IssueMessage(
      headline: "@Dependency(\(read.dependency)) was read in the \(read.context.rawValue) context, but this test "
        + "did not override it.",
      facts: facts,
      why: read.isReadDirectly
        ? "The test checks its dependencies exhaustively, so every dependency it reads must be one it chose."
        : "The test checks its dependencies exhaustively, and the default value of another dependency read this "
          + "one while it was being built.",
      fixes: [
        overrideFix(read.dependency),
        "Or, if the default is what the test means, say so by setting it explicitly to the default value.",
      ]
    )
  }
}

extension DependencyTrace {
  /// The failure an exhaustive test reports for each default read: one formatter for Ambient's
  /// messages. For AmbientTesting; not for use elsewhere.
  package static func _notOverriddenMessage(_ read: Read, testName: String) -> String {
    IssueMessage.notOverridden(read, testName: testName).description
  }

  /// What a failed test's output shows of its trace. For AmbientTesting; not for use elsewhere.
  package var _failureAttachment: String { "Dependencies this test read:\n\(description)" }
}
