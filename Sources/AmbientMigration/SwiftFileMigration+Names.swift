import Foundation

extension SwiftFileMigration {
  /// `Dependencies.Dependency` becomes `Ambient.Dependency` for the names Ambient declares;
  /// any other `Dependencies.X` is reported.
  mutating func rewriteQualifiedNames() {
    let code = self.code
    var edits: [Edit] = []
    for match in Pattern(#"(?<![\w.])(Dependencies|DependenciesTestSupport)\.([A-Za-z_]\w*)"#).matches(in: code) {
      if Pattern(#"^[ \t]*(@\w+[ \t]+)*import\b"#).isFound(in: code.lineText(containing: match.range.lowerBound)) {
        continue  // a scoped import, which rewriteImports handled
      }
      let module = code.utf16Text(match.groups[0]!)
      let name = code.utf16Text(match.groups[1]!)
      let found = "\(module).\(name)"
      if facts.declaresDependenciesType && module == "Dependencies" {
        continue  // the package's own type, not the module
      }
      guard module == "DependenciesTestSupport" || PackageFacts.ambientNames.contains(name) else {
        record("qualified-unknown", at: match.range.lowerBound, "`\(found)`")
        continue
      }
      let ambient = PackageFacts.ambientModules[module]!  // the pattern matches only those
      edits.append(
        Edit(
          range: match.groups[0]!, replacement: ambient, id: "qualified-name",
          detail: "`\(found)` → `\(ambient).\(name)`"))
    }
    apply(edits)
  }

  /// `XCTFail(…)` of XCTestDynamicOverlay becomes `reportIssue(…)`, `_XCTIsTesting` becomes
  /// `isTesting`, and swift-clocks' `SuspensionError` becomes `TestClockSuspensionError`.
  mutating func rewriteOverlayNames() {
    let code = self.code
    var edits: [Edit] = []
    // In a file that imports XCTest, `XCTFail` is XCTest's own and stays.
    if !Pattern(#"^[ \t]*(@\w+[ \t]+)*import[ \t]+XCTest[ \t]*$"#).isFound(in: code) {
      for match in Pattern(#"(?<![\w.])XCTFail\s*\("#).matches(in: code) {
        let open = match.range.upperBound - 1
        guard let close = code.closingBracket(from: open) else { continue }
        let arguments = code.utf16Text(open..<close + 1)
        if Pattern(#"[(,]\s*(file|line)\s*:"#).isFound(in: arguments) {
          record("xctfail-location", at: match.range.lowerBound, "`XCTFail\(text.utf16Text(open..<close + 1))`")
          continue
        }
        edits.append(
          Edit(
            range: match.range.lowerBound..<match.range.lowerBound + 7, replacement: "reportIssue", id: "xctfail",
            detail: "`XCTFail(…)` → `reportIssue(…)`"))
      }
    }
    for match in Pattern(#"(?<![\w.])_XCTIsTesting\b"#).matches(in: code) {
      edits.append(
        Edit(range: match.range, replacement: "isTesting", id: "xctfail", detail: "`_XCTIsTesting` → `isTesting`"))
    }
    for match in Pattern(#"(?<![\w.])SuspensionError\b"#).matches(in: code) {
      edits.append(
        Edit(
          range: match.range, replacement: "TestClockSuspensionError", id: "suspension-error",
          detail: "`SuspensionError` → `TestClockSuspensionError`"))
    }
    apply(edits)
  }

  /// `streamWithContinuation(Element.self)` becomes the standard library's
  /// `makeStream(of: Element.self)`, which returns the same `(stream:continuation:)` pair.
  mutating func rewriteStreamWithContinuation() {
    let code = self.code
    var edits: [Edit] = []
    for match in Pattern(#"\.streamWithContinuation\((\s*)"#).matches(in: code) {
      let argumentStart = match.range.upperBound
      let rest = code.utf16Text(argumentStart..<min(argumentStart + 16, (code as NSString).length))
      let needsLabel = !rest.hasPrefix(")") && !rest.hasPrefix("bufferingPolicy")
      edits.append(
        Edit(
          range: match.range.lowerBound..<argumentStart,
          replacement: ".makeStream(" + code.utf16Text(match.groups[0]!) + (needsLabel ? "of: " : ""),
          id: "stream-with-continuation",
          detail: "`.streamWithContinuation(` → `.makeStream(\(needsLabel ? "of: " : "")`"))
    }
    apply(edits)
  }
}
