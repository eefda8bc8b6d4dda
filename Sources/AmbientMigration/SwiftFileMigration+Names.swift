import Foundation

extension SwiftFileMigration {
  /// `Dependencies.Dependency` becomes `Ambient.Dependency` for the names Ambient declares, and
  /// so does `XCTestDynamicOverlay.unimplemented` (or `IssueReporting.`, `ConcurrencyExtras.`)
  /// where the file's import of that module becomes Ambient's, that is, unless
  /// `keptOverlayModules` holds it; any other `Dependencies.X` is reported.
  mutating func rewriteQualifiedNames(keeping keptOverlayModules: Set<String>) {
    let code = self.code
    var edits: [Edit] = []
    let qualified = Pattern(
      #"(?<![\w.])(Dependencies|DependenciesTestSupport|XCTestDynamicOverlay|IssueReporting|ConcurrencyExtras)\.([A-Za-z_]\w*)"#
    )
    for match in qualified.matches(in: code) where !Self.isImportLine(code, at: match.range.lowerBound) {
      let module = code.utf16Text(match.groups[0]!)
      let name = code.utf16Text(match.groups[1]!)
      let found = "\(module).\(name)"
      if let ambient = PackageFacts.ambientModules[module] {
        if facts.declaresDependenciesType && module == "Dependencies" {
          continue  // the package's own type, not the module
        }
        guard module == "DependenciesTestSupport" || PackageFacts.ambientNames.contains(name) else {
          record("qualified-unknown", at: match.range.lowerBound, "`\(found)`")
          continue
        }
        edits.append(
          Edit(
            range: match.groups[0]!, replacement: ambient, id: "qualified-name",
            detail: "`\(found)` → `\(ambient).\(name)`"))
        continue
      }
      guard !keptOverlayModules.contains(module) else { continue }
      if let renamed = Self.overlayRenames[name] {
        let rest = code.utf16Text(match.range.upperBound..<min(match.range.upperBound + 200, code.utf16.count))
        if name == "XCTFail", Pattern(#"^\s*\([^)]*\b(file|line)\s*:"#).isFound(in: rest) {
          record("xctfail-location", at: match.range.lowerBound, "`\(found)(…, file:, line:)`")
          continue
        }
        edits.append(
          Edit(
            range: match.range, replacement: "Ambient.\(renamed)", id: "qualified-name",
            detail: "`\(found)` → `Ambient.\(renamed)`"))
      } else if PackageFacts.ambientNames.contains(name) {
        edits.append(
          Edit(
            range: match.groups[0]!, replacement: "Ambient", id: "qualified-name",
            detail: "`\(found)` → `Ambient.\(name)`"))
      }
      // Any other name made the file keep its import (it is listed as missing).
    }
    apply(edits)
  }

  /// `XCTFail(…)` of XCTestDynamicOverlay becomes `reportIssue(…)`, `_XCTIsTesting` becomes
  /// `isTesting`, and swift-clocks' `SuspensionError` becomes `TestClockSuspensionError`.
  mutating func rewriteOverlayNames() {
    let code = self.code
    var edits: [Edit] = []
    // In a file that imports XCTest, `XCTFail` is XCTest's own and stays.
    let importsXCTest = ImportDeclaration.all(code: code, text: text).contains { $0.module == "XCTest" }
    if !importsXCTest {
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
