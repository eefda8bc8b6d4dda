extension IssueMessage {
  /// Work that outlived its test read one of that test's dependencies.
  static func readAfterTestEnded(
    dependency: String, keyType: String, testName: String, site: ReadSite?, context: DependencyContext
  ) -> IssueMessage {
    var facts: [(label: String, value: String)] = [("Test", testName)]
    if let site { facts.append(("Read at", site.location)) }
    facts.append(("Key", keyType))
    return IssueMessage(
      headline: "@Dependency(\(dependency)) was read in the \(context.rawValue) context after the test it belongs to "
        + "had ended.",
      facts: facts,
      why: "Work that outlives its test (an escaped Task, a model kept alive, a withEscapedDependencies "
        + "continuation run later) still reads that test's values, and a failure it causes shows up in "
        + "whichever test runs then.",
      fixes: [
        "Await or cancel the work before the test returns: keep the Task and await its value, or give the model a "
          + "method the test can await.",
        "If the work must outlive the test, give it values of its own with withDependencies, outside the test's.",
      ]
    )
  }
}
