extension ManifestMigration {
  /// The packages that report issues through IssueReporting, by identity: their issues reach a
  /// test only when the test process links `IssueReportingTestSupport`.
  static let issueReportingPackages: Set<String> = [
    "xctest-dynamic-overlay", "swift-issue-reporting", "swift-sharing", "swift-custom-dump", "swift-clocks",
    "combine-schedulers", "swift-case-paths", "swift-perception", "swift-navigation",
    "swift-composable-architecture",
  ]

  /// Reports, on every run until it is done, that the test targets need
  /// `IssueReportingTestSupport`: in a manifest of a package that moves (or moved) to Ambient,
  /// has test targets, depends on a package that reports through IssueReporting, and does not
  /// name that product. The fix names the package as this manifest (or Package.resolved) does.
  mutating func adviseIssueReportingTestSupport() {
    let code = self.code
    let references = PackageReference.all(code: code, text: text)
    let identities = references.map { $0.identity.lowercased() }
    guard
      identities.contains("swift-dependencies")
        || references.contains(where: { $0.identity.lowercased() == context.ambientIdentity.lowercased() }),
      Pattern(#"\.testTarget\s*\("#).isFound(in: code),
      !ManifestCall.all("product", code: code, text: text).contains(where: {
        $0.argument("name")?.value == "IssueReportingTestSupport"
      })
    else { return }
    let reporters = references.filter { Self.issueReportingPackages.contains($0.identity.lowercased()) }
    guard let first = reporters.first else { return }
    let declared = references.first {
      ["xctest-dynamic-overlay", "swift-issue-reporting"].contains($0.identity.lowercased())
    }
    let package = declared?.identity ?? context.issueReportingPackage
    let product = "`.product(name: \"IssueReportingTestSupport\", package: \"\(package)\")`"
    let adding = declared == nil ? " and the package `https://github.com/pointfreeco/\(package)` to the manifest" : ""
    rewritten.record(
      "issue-reporting-test-support", at: first.call.range.lowerBound,
      reporters.map { "`\($0.identity)`" }.joined(separator: ", ")
        + (reporters.count == 1 ? " reports" : " report") + " through IssueReporting",
      fix:
        "Add \(product) to the test targets\(adding): swift-dependencies' test support linked it, and without it those issues never reach the test"
    )
  }
}
