import Testing

@testable import ShellClient

@Test func readsTheBranchFromGit() throws {
  let branch = try withDependencies {
    $0.shellClient.run = { $0.hasPrefix("git rev-parse") ? "main" : "" }
  } operation: {
    try currentBranch()
  }
  #expect(branch == "main")
}

@Test func anUnimplementedCommandIsReported() {
  @Dependency(\.shellClient) var shell
  withKnownIssue {
    _ = try shell.run("ls")
  }
  withKnownIssue {
    #expect(shell.environment().isEmpty)
  }
}
