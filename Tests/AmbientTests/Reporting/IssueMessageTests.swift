import Testing

@testable import Ambient

/// The one formatter every diagnostic goes through: headline, aligned facts, why, fixes.
@Suite struct IssueMessageTests {
  @Test func headlineOnly() {
    #expect(IssueMessage(headline: "Something happened.").description == "Something happened.")
  }

  @Test func factsAreIndentedAndTheirValuesAligned() {
    let message = IssueMessage(
      headline: "Headline.",
      facts: [("Declared at", "App/Model.swift:3"), ("Key", "APIClient"), ("Value", "APIClient")]
    )
    #expect(
      message.description == """
        Headline.

          Declared at: App/Model.swift:3
          Key:         APIClient
          Value:       APIClient
        """)
  }

  @Test func everyPartInOrder() {
    let message = IssueMessage(
      headline: "Headline.",
      facts: [("Context", "test")],
      why: "Why it matters.",
      fixes: ["Do this.", "Or that."]
    )
    #expect(
      message.description == """
        Headline.

          Context: test

        Why it matters.

        To fix:
          • Do this.
          • Or that.
        """)
  }

  @Test func partsThatAreMissingLeaveNoBlankLines() {
    let message = IssueMessage(headline: "Headline.", fixes: ["Do this."])
    #expect(
      message.description == """
        Headline.

        To fix:
          • Do this.
        """)
  }

  @Test func theOverrideFixNamesTheTraitAndWithDependenciesForAKeyPath() {
    #expect(
      IssueMessage.overrideFix(#"\.uuid"#, with: ".incrementing") == #"""
        Override it for this test: .dependency(\.uuid, .incrementing) on the test, or withDependencies { $0.uuid = .incrementing }.
        """#)
    #expect(
      IssueMessage.overrideFix(#"\.apiClient"#) == #"""
        Override it for this test: .dependency(\.apiClient, …) on the test, or withDependencies { $0.apiClient = … }.
        """#)
  }

  @Test func theOverrideFixUsesTheSubscriptForAKey() {
    #expect(
      IssueMessage.overrideFix("APIClient.self")
        == "Override it for this test: withDependencies { $0[APIClient.self] = … }."
    )
  }
}
