import Foundation

extension SwiftFileMigration {
  /// The modules that came through swift-dependencies and whose names Ambient declares.
  static let overlayModules: Set<String> = ["XCTestDynamicOverlay", "IssueReporting", "ConcurrencyExtras"]

  /// `import Dependencies` and its siblings become Ambient's modules; the imports of packages
  /// that came through swift-dependencies become `import Ambient` when Ambient has every name the
  /// file uses from them and the manifest does not name the package itself.
  mutating func rewriteImports() {
    let code = self.code
    let importLine = Pattern(
      #"^[ \t]*((?:@\w+(?:\([^)\n]*\))?[ \t]+)*)import[ \t]+(?:(typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(\w+)((?:\.\w+)*)[ \t]*(\n|$)"#
    )
    // The overlay-missing-name scan already reported the names Ambient lacks; with one of them
    // the import stays, so the file keeps building once the package is added.
    let needsOverlayPackage = Difference.named("overlay-missing-name").scan!.isFound(in: code)
    var edits: [Edit] = []
    for match in importLine.matches(in: code) {
      let module = code.utf16Text(match.groups[2]!)
      let original = text.utf16Text(match.range).trimmingCharacters(in: .newlines)
      let moduleRange = match.groups[2]!
      if let ambient = PackageFacts.ambientModules[module] {
        edits.append(
          Edit(
            range: moduleRange, replacement: ambient, id: "import",
            detail: "`\(original.trimmingSpaces)` → `import \(ambient)`"))
        continue
      }
      switch module {
      case "DependenciesMacros":
        edits.append(
          Edit(
            range: match.range, replacement: "", id: "import",
            detail: "`\(original.trimmingSpaces)` removed (Ambient has no macros)"))
      case _ where Self.overlayModules.contains(module):
        guard !facts.declaredOverlayModules.contains(module), !needsOverlayPackage else { continue }
        edits.append(
          Edit(
            range: moduleRange, replacement: "Ambient", id: "overlay-import",
            detail: "`\(original.trimmingSpaces)` → `import Ambient`"))
      default: continue
      }
    }
    // `#if canImport(Dependencies)` around the import would hide the rewritten one.
    for match in Pattern(#"\bcanImport\(\s*(Dependencies|DependenciesTestSupport)\s*\)"#).matches(in: code) {
      let module = code.utf16Text(match.groups[0]!)
      let ambient = PackageFacts.ambientModules[module]!  // the pattern matches only those
      edits.append(
        Edit(
          range: match.groups[0]!, replacement: ambient, id: "import",
          detail: "`canImport(\(module))` → `canImport(\(ambient))`"))
    }
    apply(edits)
  }
}
