import Foundation

extension SwiftFileMigration {
  /// Lists the differences left in the migrated text: the rows found by their pattern, and
  /// those that need more than a pattern to tell them from code that is fine.
  mutating func scanDifferences() {
    let code = self.code
    for row in Difference.all {
      guard let scan = row.scan else { continue }
      for match in scan.matches(in: code) {
        let found = code.utf16Text(match.range).split(separator: "\n").first.map(String.init) ?? ""
        record(row.id, at: match.range.lowerBound, "`\(found.trimmingSpaces)`")
      }
    }
    scanDefaultValues(code)
    scanStreamsFromSequences(code)
    scanKnownIssueTexts(code)
  }

  /// `[global-lock]`: a `liveValue`, `testValue` or `previewValue` that blocks, or starts work
  /// elsewhere, while it is built: what runs then, outside the closures it makes for later.
  private mutating func scanDefaultValues(_ code: String) {
    let blocks = Pattern(
      #"(?:\b\w+)?\.wait\s*\(|\bThread\.sleep\b|\busleep\s*\(|(?<![\w.])sleep\s*\(|(?:\b\w+)?\.sync\s*[({]"#)
    let startsWork = Pattern(
      #"\bTask(?:\.detached)?\s*[({]|(?:\b\w+(?:\(\))?)?\.async(?:After)?\s*[({]|\bThread\s*[({]|\bThread\.detachNewThread\b"#
    )
    let declaration = Pattern(#"\b(?:static|class)[ \t]+(?:var|let)[ \t]+(liveValue|testValue|previewValue)\b"#)
    for match in declaration.matches(in: code) {
      guard let body = Self.builtCode(after: match.range.upperBound, in: code) else { continue }
      let name = code.utf16Text(match.groups[0]!)
      let blocking = Self.topLevelMatch(of: blocks, in: body)
      let starting = Self.topLevelMatch(of: startsWork, in: body)
      var what: [String] = []
      if let blocking { what.append("blocks (`\(blocking)`)") }
      if let starting { what.append("starts work elsewhere (`\(starting)`)") }
      guard !what.isEmpty else { continue }
      record(
        "global-lock", at: match.groups[0]!.lowerBound,
        "`\(name)` \(what.joined(separator: " and ")) while it is built")
    }
  }

  /// The code that runs while a default value is built, from just after its name: a getter's
  /// body, or the initialiser expression (the body of a closure called at once, `{ … }()`).
  static func builtCode(after start: Int, in code: String) -> String? {
    let units = Array(code.utf16)
    var index = start
    // Past the type annotation, to the getter's brace or the initialiser's `=`.
    while index < units.count, units[index] != 0x7B, units[index] != 0x3D {
      if units[index] == 0x0A { return nil }
      index += 1
    }
    guard index < units.count else { return nil }
    if units[index] == 0x7B {
      guard let close = code.closingBracket(from: index) else { return nil }
      return code.utf16Text(index + 1..<close)
    }
    var end = index + 1
    var depth = 0
    while end < units.count, !(units[end] == 0x0A && depth == 0) {
      switch units[end] {
      case 0x28, 0x5B, 0x7B: depth += 1
      case 0x29, 0x5D, 0x7D: depth -= 1
      default: break
      }
      end += 1
    }
    let expression = code.utf16Text(index + 1..<end).trimmingCharacters(in: .whitespaces)
    if expression.hasPrefix("{"), expression.hasSuffix("}()") {
      return String(expression.dropFirst().dropLast(3))
    }
    return expression
  }

  /// The first match of `pattern` in `body` outside any closure, its trailing bracket dropped.
  static func topLevelMatch(of pattern: Pattern, in body: String) -> String? {
    let units = Array(body.utf16)
    for match in pattern.matches(in: body) {
      let depth = units[..<match.range.lowerBound].reduce(0) { depth, unit in
        unit == 0x7B ? depth + 1 : unit == 0x7D ? depth - 1 : depth
      }
      guard depth == 0 else { continue }
      return body.utf16Text(match.range).trimmingCharacters(in: CharacterSet(charactersIn: " \t({"))
    }
    return nil
  }

  /// `[stream-buffering-policy]`: swift-concurrency-extras' `AsyncStream(sequence,
  /// bufferingPolicy:)`, not the standard library's `AsyncStream(Element.self,
  /// bufferingPolicy:) { … }`, which names the element type and builds from a closure.
  private mutating func scanStreamsFromSequences(_ code: String) {
    for match in Pattern(#"\bAsync(?:Throwing)?Stream\s*(?:<[^>\n]*>)?\s*\("#).matches(in: code) {
      let open = match.range.upperBound - 1
      guard let close = code.closingBracket(from: open) else { continue }
      let arguments = ClientEndpoint.split(code.utf16Text(open + 1..<close))
      guard arguments.count == 2, arguments[1].hasPrefix("bufferingPolicy:"), !arguments[0].hasSuffix(".self"),
        !Pattern(#"^\w+\s*:"#).isFound(in: arguments[0])
      else { continue }
      let after = code.utf16Text(close + 1..<min(close + 40, code.utf16.count)).trimmingCharacters(in: .whitespaces)
      guard !after.hasPrefix("{") else { continue }
      let name = code.utf16Text(match.range).hasPrefix("AsyncThrowingStream") ? "AsyncThrowingStream" : "AsyncStream"
      record("stream-buffering-policy", at: match.range.lowerBound, "`\(name)(\(arguments[0]), bufferingPolicy:)`")
    }
  }

  /// swift-dependencies' words for its issues: a `matching:` closure that compares an issue's
  /// text with one of them compares swift-dependencies' text.
  static let swiftDependenciesIssueWords = [
    "unimplemented", "@dependency", "dependencykey", "dependencyvalues", "testvalue", "livevalue", "previewvalue",
    "test context", "live context", "preview context", "no test implementation", "no live implementation",
  ]

  /// `[known-issue-text]`: a `withKnownIssue { … } matching: { … }` (or XCTest's
  /// `issueMatcher:`) whose closure compares the text with swift-dependencies' words; one that
  /// compares the package's own messages, or no text, is fine.
  private mutating func scanKnownIssueTexts(_ code: String) {
    let literal = Pattern(#""((?:[^"\\\n]|\\.)*)""#)
    for match in Pattern(#"\}\s*(matching|issueMatcher):\s*\{"#).matches(in: code) {
      let open = match.range.upperBound - 1
      guard let close = code.closingBracket(from: open) else { continue }
      let closure = text.utf16Text(open..<close + 1)
      let compared = literal.matches(in: closure).map { closure.utf16Text($0.groups[0]!) }.first { text in
        Self.swiftDependenciesIssueWords.contains { text.lowercased().contains($0) }
      }
      guard let compared else { continue }
      let label = code.utf16Text(match.groups[0]!)
      record("known-issue-text", at: match.groups[0]!.lowerBound, "`\(label):` compares \"\(compared)\"")
    }
  }
}
