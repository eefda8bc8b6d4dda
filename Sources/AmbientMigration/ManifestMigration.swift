import Foundation

/// The migration of one manifest (`Package.swift`, or a `Package@swift-*.swift` beside it): the
/// swift-dependencies package and its products become Ambient's, each test target that links
/// Ambient gains `AmbientTesting`, and each target whose files read `\.urlSession` gains
/// `AmbientURLSession`. Reports the package dependencies that use swift-dependencies themselves,
/// and the test support IssueReporting needs.
struct ManifestMigration {
  typealias Edit = RewrittenText.Edit

  /// What the migrations of a package's manifests share.
  struct Context {
    /// The package's directory, to read its dependencies' manifests.
    let root: URL
    /// The identity the rewritten products name Ambient by.
    let ambientIdentity: String
    /// The reference to Ambient that replaces swift-dependencies' in a manifest that has none:
    /// another manifest's, or `.package(path:)` for `--ambient-path`; `nil` when there is none.
    let ambientReference: String?
    /// The targets whose files read `\.urlSession`.
    let urlSessionTargets: Set<String>
    /// The identity the package knows IssueReporting's package by.
    let issueReportingPackage: String
  }

  /// The manifest, relative to the package's root.
  let path: String
  let context: Context
  var rewritten: RewrittenText

  /// The manifest as the migration leaves it.
  var text: String { rewritten.text }
  /// The changes made and the differences left, at their lines in the migrated manifest.
  var findings: [Finding] { rewritten.findings(path: path) }

  /// Migrates `text`, or returns `nil` when its comments, strings or brackets do not close.
  init?(path: String, text: String, context: Context) {
    guard let masked = MaskedSource(text) else { return nil }
    self.path = path
    self.context = context
    self.rewritten = RewrittenText(text)
    let references = PackageReference.all(code: masked.code, text: text)
    for reference in references
    where reference.identity.lowercased() != "swift-dependencies"
      && reference.identity.lowercased() != context.ambientIdentity.lowercased()
    {
      reportIfUsingSwiftDependencies(reference)
    }
    if let dependencies = references.first(where: { $0.identity.lowercased() == "swift-dependencies" }) {
      var edits: [Edit] = []
      let found = dependencies.call.text
      if references.contains(where: { $0.identity.lowercased() == context.ambientIdentity.lowercased() }) {
        let range = text.listEntryRange(dependencies.call.range)
        edits.append(Edit(range: range, replacement: "", id: "manifest-package", detail: "`\(found)` removed"))
      } else if let reference = context.ambientReference {
        edits.append(
          Edit(
            range: dependencies.call.range, replacement: reference, id: "manifest-package",
            detail: "`\(found)` → `\(reference)`"))
      } else {
        rewritten.record("ambient-missing", at: dependencies.call.range.lowerBound, "`\(found)` kept")
      }
      rewritten.apply(edits + productEdits(code: masked.code))
      addProducts()
    }
    adviseIssueReportingTestSupport()
  }

  /// The current text's code, comments and strings blanked. Every step leaves the text
  /// balanced, so masking cannot fail here.
  var code: String { rewritten.masked?.code ?? "" }

  /// Reports `reference` when its manifest (a path dependency's, or a resolved checkout's)
  /// depends on swift-dependencies.
  private mutating func reportIfUsingSwiftDependencies(_ reference: PackageReference) {
    guard !Self.knownIndependent.contains(reference.identity.lowercased()) else { return }
    let directory =
      !reference.isPath
      ? context.root.appendingPathComponent(".build/checkouts/\(reference.identity)")
      : reference.location.hasPrefix("/")
        ? URL(fileURLWithPath: reference.location) : context.root.appendingPathComponent(reference.location)
    let manifests = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
      .filter(PackageManifests.isManifest).compactMap {
        try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
      }
    guard let manifests, !manifests.isEmpty else {
      rewritten.record(
        "dependency-package", at: reference.call.range.lowerBound,
        "`\(reference.identity)` not checked (not resolved yet: run `swift package resolve` first)")
      return
    }
    if manifests.contains(where: { $0.contains("swift-dependencies") }) {
      rewritten.record(
        "dependency-package", at: reference.call.range.lowerBound, "`\(reference.identity)` uses swift-dependencies")
    }
  }

  /// Packages known not to use swift-dependencies, so they are not reported.
  private static let knownIndependent: Set<String> = [
    "swift-argument-parser", "swift-collections", "swift-algorithms", "swift-async-algorithms", "swift-log",
    "swift-syntax", "swift-concurrency-extras", "xctest-dynamic-overlay", "swift-issue-reporting", "swift-clocks",
    "swift-custom-dump", "combine-schedulers", "swift-docc-plugin", "swift-nio", "swift-crypto", "swift-numerics",
    "swift-system", "swift-atomics", "swift-snapshot-testing", "swift-identified-collections", "swift-case-paths",
    "swift-perception",
  ]
}
