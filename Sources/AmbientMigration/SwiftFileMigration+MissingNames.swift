import Foundation

extension SwiftFileMigration {
  /// A name that came through swift-dependencies from a module Ambient does not stand in for
  /// in full.
  struct LackedName {
    let name: String
    /// The module to add for it.
    let module: String
    /// Every module that declares it: a file that imports one of them still sees it.
    let declaringModules: Set<String>
  }

  /// The names Ambient lacks.
  static let namesAmbientLacks: [LackedName] = [
    LackedName(name: "XCTExpectFailure", module: "XCTestDynamicOverlay", declaringModules: ["XCTest"]),
    LackedName(name: "IssueReporter", module: "IssueReporting", declaringModules: ["XCTestDynamicOverlay"]),
    LackedName(name: "withIssueReporters", module: "IssueReporting", declaringModules: ["XCTestDynamicOverlay"]),
    LackedName(name: "withIssueContext", module: "IssueReporting", declaringModules: ["XCTestDynamicOverlay"]),
    LackedName(name: "AnyHashableSendable", module: "ConcurrencyExtras", declaringModules: []),
    LackedName(name: "cancellableValue", module: "ConcurrencyExtras", declaringModules: []),
  ].map { LackedName(name: $0.name, module: $0.module, declaringModules: $0.declaringModules.union([$0.module])) }

  /// Lists each name Ambient lacks that the file will not see once migrated (no module it still
  /// imports declares it), one line a name, and returns the overlay modules whose imports stay:
  /// those the manifest names, and those the listed names need.
  mutating func findNamesAmbientLacks(imports: [ImportDeclaration]) -> Set<String> {
    let code = self.code
    let imported = Set(imports.filter { !$0.isScoped }.map(\.module))
    // What the file still sees once migrated: every module but those that came through
    // swift-dependencies and whose package the manifest does not name.
    let seen = imported.filter {
      !PackageFacts.overlayModules.contains($0) || facts.declaredOverlayModules.contains($0)
    }
    var missing: [String: (module: String, offset: Int, count: Int)] = [:]
    func use(_ shown: String, module: String, at offset: Int) {
      let earlier = missing[shown]
      missing[shown] = (earlier?.module ?? module, earlier?.offset ?? offset, (earlier?.count ?? 0) + 1)
    }
    for lacked in Self.namesAmbientLacks where !facts.declaredNames.contains(lacked.name) {
      for match in Pattern(#"\b\#(lacked.name)\b"#).matches(in: code) {
        if let qualifier = Self.overlayQualifier(before: match.range.lowerBound, in: code) {
          if !seen.contains(qualifier) {
            use("\(qualifier).\(lacked.name)", module: qualifier, at: match.range.lowerBound)
          }
          continue
        }
        guard seen.isDisjoint(with: lacked.declaringModules) else { continue }
        let module = lacked.declaringModules.intersection(imported).sorted().first ?? lacked.module
        use(lacked.name, module: module, at: match.range.lowerBound)
      }
    }
    // `ConcurrencyExtras.name` for any other name Ambient does not declare.
    let lackedNames = Set(Self.namesAmbientLacks.map(\.name))
    let qualified = Pattern(#"(?<![\w.])(XCTestDynamicOverlay|IssueReporting|ConcurrencyExtras)\.([A-Za-z_]\w*)"#)
    for match in qualified.matches(in: code) where !Self.isImportLine(code, at: match.range.lowerBound) {
      let module = code.utf16Text(match.groups[0]!)
      let name = code.utf16Text(match.groups[1]!)
      guard !seen.contains(module), !lackedNames.contains(name), !PackageFacts.ambientNames.contains(name),
        !Self.overlayRenames.keys.contains(name)
      else { continue }
      use("\(module).\(name)", module: module, at: match.range.lowerBound)
    }
    for (shown, use) in missing.sorted(by: { $0.value.offset < $1.value.offset }) {
      let uses = use.count > 1 ? " (\(use.count) uses)" : ""
      rewritten.record(
        "overlay-missing-name", at: use.offset, "`\(shown)`\(uses)",
        fix: fixAdding(use.module, imported: imported.contains(use.module)))
    }
    return facts.declaredOverlayModules.union(missing.values.map(\.module))
  }

  /// The names of XCTestDynamicOverlay that Ambient has under another name.
  static let overlayRenames = ["XCTFail": "reportIssue", "_XCTIsTesting": "isTesting"]

  /// The module that qualifies the name at `offset` (`ConcurrencyExtras.` before it), if it is
  /// one that came through swift-dependencies.
  static func overlayQualifier(before offset: Int, in code: String) -> String? {
    let before = code.utf16Text(code.lineRange(containing: offset).lowerBound..<offset)
    let qualifier = Pattern(#"(?<![\w.])(XCTestDynamicOverlay|IssueReporting|ConcurrencyExtras)\.$"#)
    return qualifier.matches(in: before).last.map { before.utf16Text($0.groups[0]!) }
  }

  /// Whether the line that holds `offset` is an `import` declaration.
  static func isImportLine(_ code: String, at offset: Int) -> Bool {
    Pattern(#"^[ \t]*(@\w+[ \t]+)*((public|package|internal|fileprivate|private)[ \t]+)?import\b"#).isFound(
      in: code.lineText(containing: offset))
  }

  /// The fix for a name of `module` the file will not see: the product to add, named as this
  /// package knows its package, and the import.
  private func fixAdding(_ module: String, imported: Bool) -> String {
    let package = facts.package(of: module)
    let product = "`.product(name: \"\(module)\", package: \"\(package)\")`"
    let importing = imported ? "keep `import \(module)`" : "add `import \(module)` to the file"
    if facts.declaredOverlayModules.contains(module) {
      return "Add \(product) to this file's target if it lacks it, and \(importing)"
    }
    return
      "Add the package `https://github.com/pointfreeco/\(package)` to the manifest and \(product) to this file's target, and \(importing)"
  }
}
