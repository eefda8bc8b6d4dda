extension SwiftFileMigration {
  /// `@DependencyEntry var x = Value()` (or `var x: Value = …`) on one line in a
  /// `DependencyValues` extension becomes the property and a private key, as the macro wrote
  /// them; any other shape is reported.
  mutating func rewriteDependencyEntries() {
    let code = self.code
    let entry = Pattern(
      #"^([ \t]*)@DependencyEntry[ \t]*\n?[ \t]*((?:(?:public|package|internal|nonisolated)[ \t]+)*)var[ \t]+(\w+)[ \t]*(?::[ \t]*([^=\n]+?))?[ \t]*=[ \t]*([^\n]+?)[ \t]*$"#
    )
    var edits: [Edit] = []
    var rewritten: Set<Int> = []
    for match in entry.matches(in: code) {
      let indent = code.utf16Text(match.groups[0]!)
      let modifiers = code.utf16Text(match.groups[1]!)
      let name = code.utf16Text(match.groups[2]!)
      // The masked code keeps a string's quotes, so the match ends where the expression does.
      let expression = text.utf16Text(match.groups[4]!)
      let type = match.groups[3].map { code.utf16Text($0).trimmingSpaces } ?? Self.inferredType(of: expression)
      guard let type,
        Pattern(#"\bextension[ \t]+DependencyValues\b"#).isFound(in: code.utf16Text(0..<match.range.lowerBound))
      else { continue }
      rewritten.insert(match.range.lowerBound)
      let key = name.prefix(1).uppercased() + name.dropFirst() + "Key"
      let replacement = """
        \(indent)\(modifiers)var \(name): \(type) {
        \(indent)  get { self[\(key).self] }
        \(indent)  set { self[\(key).self] = newValue }
        \(indent)}

        \(indent)private enum \(key): DependencyKey {
        \(indent)  static var liveValue: \(type) { \(expression) }
        \(indent)  static var testValue: \(type) { \(expression) }
        \(indent)}
        """
      edits.append(
        Edit(
          range: match.range, replacement: replacement, id: "dependency-entry",
          detail: "`@DependencyEntry var \(name)` → property and `\(key)`"))
    }
    for match in Pattern(#"@DependencyEntry\b"#).matches(in: code) {
      let lineStart = code.lineRange(containing: match.range.lowerBound).lowerBound
      if !rewritten.contains(lineStart) {
        record(
          "dependency-entry-shape", at: match.range.lowerBound,
          "`\(code.lineText(containing: match.range.lowerBound).trimmingSpaces)`")
      }
    }
    apply(edits)
  }

  /// The type of a default value the macro could infer without a type annotation: a literal, or
  /// a call of a type's initialiser (`Value()`, `Value(…)`, `Module.Value()`).
  static func inferredType(of expression: String) -> String? {
    if expression == "true" || expression == "false" { return "Bool" }
    if Pattern(#"^-?[0-9][0-9_]*$"#).isFound(in: expression) { return "Int" }
    if Pattern(#"^-?[0-9][0-9_]*\.[0-9]+$"#).isFound(in: expression) { return "Double" }
    if Pattern(#"^"[^"\\]*"$"#).isFound(in: expression) { return "String" }
    let call = Pattern(#"^((?:[A-Z]\w*\.)*[A-Z]\w*(?:<[^>]*>)?)\("#).matches(in: expression)
    guard let match = call.first, expression.hasSuffix(")") else { return nil }
    return expression.utf16Text(match.groups[0]!)
  }
}
