import Foundation

/// The migration of `Package.swift`: the swift-dependencies package and its products become
/// Ambient's, each test target that links Ambient gains `AmbientTesting`, and each target whose
/// files read `\.urlSession` gains `AmbientURLSession`. Reports the package dependencies that use
/// swift-dependencies themselves.
struct ManifestMigration {
  static let path = "Package.swift"

  /// A `.package(…)` entry of the manifest.
  struct PackageReference {
    let range: Range<Int>
    let text: String
    /// The `url:` or `path:` argument.
    let location: String
    let isPath: Bool
    /// SwiftPM's name for it in `package:` arguments: the location's last component.
    var identity: String {
      let last = location.split(separator: "/").last.map(String.init) ?? location
      return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }
  }

  private(set) var text: String
  private(set) var findings: [Finding] = []
  /// The package identity the rewritten products name.
  private(set) var ambientIdentity = "Ambient"

  /// The XCTestDynamicOverlay, IssueReporting and ConcurrencyExtras modules whose packages the
  /// manifest names.
  static func declaredOverlayModules(in manifest: String) -> Set<String> {
    var modules: Set<String> = []
    if manifest.contains("xctest-dynamic-overlay") { modules.formUnion(["XCTestDynamicOverlay", "IssueReporting"]) }
    if manifest.contains("swift-issue-reporting") { modules.formUnion(["XCTestDynamicOverlay", "IssueReporting"]) }
    if manifest.contains("swift-concurrency-extras") { modules.insert("ConcurrencyExtras") }
    return modules
  }

  /// Packages known not to use swift-dependencies, so they are not reported.
  private static let knownIndependent: Set<String> = [
    "swift-argument-parser", "swift-collections", "swift-algorithms", "swift-async-algorithms", "swift-log",
    "swift-syntax", "swift-concurrency-extras", "xctest-dynamic-overlay", "swift-issue-reporting", "swift-clocks",
    "swift-custom-dump", "combine-schedulers", "swift-docc-plugin", "swift-nio", "swift-crypto", "swift-numerics",
    "swift-system", "swift-atomics", "swift-snapshot-testing", "swift-identified-collections", "swift-case-paths",
    "swift-perception",
  ]

  /// - Parameters:
  ///   - root: The package's directory, to read its dependencies' manifests.
  ///   - ambientPath: An Ambient checkout to depend on when the manifest has no Ambient yet.
  ///   - ambientIdentity: Ambient's identity, when the caller knows it (the plugin does).
  ///   - urlSessionTargets: The targets whose files read `\.urlSession`.
  init?(text: String, root: URL, ambientPath: String?, ambientIdentity: String?, urlSessionTargets: Set<String>) {
    guard MaskedSource(text) != nil else { return nil }
    self.text = text
    let references = packageReferences()
    let dependencies = references.first { $0.identity.lowercased() == "swift-dependencies" }
    let ambient =
      references.first { $0.identity == ambientIdentity }
      ?? references.first { $0.identity.lowercased() == "ambient" }
      ?? references.first { ref in
        ambientPath.map { ref.isPath && URL(fileURLWithPath: $0).lastPathComponent == ref.identity } ?? false
      }
    if let ambient {
      self.ambientIdentity = ambient.identity
    } else if let ambientPath {
      self.ambientIdentity = URL(fileURLWithPath: ambientPath).lastPathComponent
    }
    for reference in references
    where reference.identity.lowercased() != "swift-dependencies" && reference.identity != ambient?.identity {
      reportIfUsingSwiftDependencies(reference, root: root)
    }
    guard let dependencies else { return }  // nothing of swift-dependencies' to migrate
    var edits: [(range: Range<Int>, replacement: String, detail: String)] = []
    if ambient != nil {
      edits.append((entryRange(dependencies.range), "", "`\(dependencies.text)` removed"))
    } else if let ambientPath {
      let replacement = ".package(path: \"\(ambientPath)\")"
      edits.append((dependencies.range, replacement, "`\(dependencies.text)` → `\(replacement)`"))
    } else {
      record("ambient-missing", at: dependencies.range.lowerBound, "`\(dependencies.text)` kept")
    }
    edits += productEdits()
    for edit in edits { record("manifest-package", at: edit.range.lowerBound, edit.detail) }
    self.text = text.applying(edits.map { ($0.range, $0.replacement) })
    addProducts(urlSessionTargets: urlSessionTargets)
    if Pattern(#"(swift-issue-reporting|xctest-dynamic-overlay|swift-sharing)"#).isFound(in: self.text),
      !self.text.contains("IssueReportingTestSupport")
    {
      record(
        "issue-reporting-test-support", at: 0, "the package depends on a package that reports through IssueReporting")
    }
  }

  private mutating func record(_ id: String, at offset: Int, _ detail: String) {
    findings.append(
      Finding(
        path: Self.path, line: offset > 0 ? text.line(atUTF16Offset: offset) : 0, difference: .named(id), detail: detail
      ))
  }

  /// The calls named `name` (`.package`, `.product`, `.testTarget`…) outside comments, with
  /// their ranges in the text.
  private func calls(_ name: String) -> [(range: Range<Int>, text: String)] {
    let code = MaskedSource(text)?.code ?? ""
    return Pattern(#"\.\#(name)\s*\("#).matches(in: code).compactMap { match in
      guard let close = code.closingBracket(from: match.range.upperBound - 1) else { return nil }
      let range = match.range.lowerBound..<close + 1
      return (range, text.utf16Text(range))
    }
  }

  private func packageReferences() -> [PackageReference] {
    calls("package").compactMap { call in
      let argument = Pattern(#"\b(url|path)\s*:\s*"([^"]*)""#).matches(in: call.text)
      guard let match = argument.first else { return nil }
      return PackageReference(
        range: call.range, text: call.text, location: call.text.utf16Text(match.groups[1]!),
        isPath: call.text.utf16Text(match.groups[0]!) == "path")
    }
  }

  /// `range` widened to its whole line when nothing else is on it, or to its trailing comma.
  private func entryRange(_ range: Range<Int>) -> Range<Int> {
    let line = text.lineRange(containing: range.lowerBound)
    let rest = text.utf16Text(line).trimmingCharacters(in: .whitespacesAndNewlines)
    if rest == text.utf16Text(range) || rest == text.utf16Text(range) + "," { return line }
    let after = text.utf16Text(range.upperBound..<min(range.upperBound + 2, (text as NSString).length))
    if after.hasPrefix(", ") { return range.lowerBound..<range.upperBound + 2 }
    if after.hasPrefix(",") { return range.lowerBound..<range.upperBound + 1 }
    return range
  }

  private func productEdits() -> [(range: Range<Int>, replacement: String, detail: String)] {
    return calls("product").compactMap { call in
      let found = Pattern(#"^\.product\(\s*name:\s*"(\w+)"\s*,\s*package:\s*"swift-dependencies"\s*\)$"#)
        .matches(in: call.text)
      guard let match = found.first else { return nil }
      let name = call.text.utf16Text(match.groups[0]!)
      if name == "DependenciesMacros" {
        return (entryRange(call.range), "", "`\(call.text)` removed (Ambient has no macros)")
      }
      guard let ambient = PackageFacts.ambientModules[name] else { return nil }
      let replacement = ".product(name: \"\(ambient)\", package: \"\(ambientIdentity)\")"
      return (call.range, replacement, "`\(call.text)` → `\(replacement)`")
    }
  }

  /// Adds `AmbientTesting` to each test target that links Ambient without it, and
  /// `AmbientURLSession` to each target in `urlSessionTargets`, after its Ambient product.
  private mutating func addProducts(urlSessionTargets: Set<String>) {
    var edits: [(range: Range<Int>, replacement: String, detail: String)] = []
    let ambientProduct = Pattern(#"\.product\(\s*name:\s*"Ambient"\s*,\s*package:\s*"[^"]*"\s*\)"#)
    for kind in ["target", "executableTarget", "testTarget"] {
      for call in calls(kind) {
        guard let nameMatch = Pattern(#"name:\s*"(\w+)""#).matches(in: call.text).first,
          let product = ambientProduct.matches(in: call.text).first
        else { continue }
        let name = call.text.utf16Text(nameMatch.groups[0]!)
        var added: [String] = []
        if kind == "testTarget" && !call.text.contains("\"AmbientTesting\"") { added.append("AmbientTesting") }
        if urlSessionTargets.contains(name) && !call.text.contains("\"AmbientURLSession\"") {
          added.append("AmbientURLSession")
        }
        guard !added.isEmpty else { continue }
        let productEnd = call.range.lowerBound + product.range.upperBound
        let line = text.lineText(containing: productEnd - 1)
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        let ownLine = line.trimmingSpaces.hasPrefix(".product(")
        let insertion = added.map { ".product(name: \"\($0)\", package: \"\(ambientIdentity)\")" }
        let hasComma = text.utf16Text(productEnd..<productEnd + 1) == ","
        let at = ownLine && hasComma ? productEnd + 1 : productEnd
        let replacement =
          !ownLine
          ? insertion.map { ", \($0)" }.joined()
          : hasComma ? insertion.map { "\n\(indent)\($0)," }.joined() : insertion.map { ",\n\(indent)\($0)" }.joined()
        edits.append(
          (at..<at, replacement, added.map { "`\($0)` added to target `\(name)`" }.joined(separator: "\n")))
      }
    }
    for edit in edits {
      // One change per product added, each under its own row.
      for detail in edit.detail.components(separatedBy: "\n") {
        findings.append(
          Finding(
            path: Self.path, line: text.line(atUTF16Offset: edit.range.lowerBound),
            difference: .named(detail.contains("AmbientURLSession") ? "url-session" : "manifest-package"),
            detail: detail))
      }
    }
    text = text.applying(edits.map { ($0.range, $0.replacement) })
  }

  /// Reports `reference` when its manifest (a path dependency's, or a resolved checkout's)
  /// depends on swift-dependencies.
  private mutating func reportIfUsingSwiftDependencies(_ reference: PackageReference, root: URL) {
    guard !Self.knownIndependent.contains(reference.identity.lowercased()) else { return }
    let directory =
      !reference.isPath
      ? root.appendingPathComponent(".build/checkouts/\(reference.identity)")
      : reference.location.hasPrefix("/")
        ? URL(fileURLWithPath: reference.location) : root.appendingPathComponent(reference.location)
    let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
    guard let manifest else {
      record(
        "dependency-package", at: reference.range.lowerBound,
        "`\(reference.identity)` not checked (not resolved yet: run `swift package resolve` first)")
      return
    }
    if manifest.contains("swift-dependencies") {
      record("dependency-package", at: reference.range.lowerBound, "`\(reference.identity)` uses swift-dependencies")
    }
  }
}
