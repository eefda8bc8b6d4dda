import Ambient
import Testing

private func text(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined() }

@Suite struct AssertionsTests {
  @Test func aPassingCheckReportsNothing() {
    @Dependency(\.assert) var assert
    @Dependency(\.precondition) var precondition
    assert(1 > 0, "never shown")
    precondition(true)
  }

  @Test func aFailedAssertIsReportedInsteadOfTrapping() {
    @Dependency(\.assert) var assert
    withKnownIssue {
      assert(0 > 1, "A cart line needs a positive quantity")
    } matching: {
      text($0) == "assert failed: A cart line needs a positive quantity"
    }
  }

  @Test func aFailedPreconditionIsReportedAndTheTestGoesOn() {
    @Dependency(\.precondition) var precondition
    var reachedAfter = false
    withKnownIssue {
      precondition(false)
      reachedAfter = true
    } matching: {
      text($0) == "precondition failed" && $0.sourceLocation?.fileName == "AssertionsTests.swift"
    }
    #expect(reachedAfter)
  }

  @Test func assertionFailureIsReported() {
    @Dependency(\.assertionFailure) var assertionFailure
    withKnownIssue {
      assertionFailure("Unknown item kind")
    } matching: {
      text($0) == "assertionFailure failed: Unknown item kind"
    }
  }
}
