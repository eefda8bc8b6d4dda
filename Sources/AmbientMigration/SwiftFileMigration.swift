/// The migration of one Swift file: each step rewrites what it can and records a ``Finding``
/// for every change and for every difference it leaves.
struct SwiftFileMigration {
  /// The file, relative to the package's root.
  let path: String
  let facts: PackageFacts
  /// The file's text as the steps so far left it.
  var text: String
  private(set) var findings: [Finding] = []
  /// Whether the file reads `\.urlSession`, so its target needs `AmbientURLSession`.
  private(set) var usesURLSession = false

  /// Migrates `text`, or returns `nil` when the file cannot be read with confidence (the caller
  /// reports it and leaves it alone).
  init?(path: String, text: String, facts: PackageFacts) {
    guard MaskedSource(text) != nil else { return nil }
    self.path = path
    self.text = text
    self.facts = facts
    scanDifferences()
    rewriteImports()
    rewriteQualifiedNames()
    rewriteOverlayNames()
    rewriteStreamWithContinuation()
    addURLSessionImport()
    rewriteDependencyEntries()
    rewriteDependencyClients()
    removeDuplicateImports()
  }

  /// The current text's code, comments and strings blanked. Every step leaves the text
  /// balanced, so masking cannot fail here.
  var code: String { MaskedSource(text)?.code ?? "" }

  mutating func record(_ id: String, at offset: Int, _ detail: String) {
    findings.append(
      Finding(path: path, line: text.line(atUTF16Offset: offset), difference: .named(id), detail: detail))
  }

  /// One replacement in the text, and the change it records.
  struct Edit {
    let range: Range<Int>
    let replacement: String
    /// The table row the change belongs to.
    let id: String
    let detail: String
  }

  /// Applies `edits` (not overlapping) to the text, recording each as a change.
  mutating func apply(_ edits: [Edit]) {
    guard !edits.isEmpty else { return }
    for edit in edits { record(edit.id, at: edit.range.lowerBound, edit.detail) }
    text = text.applying(edits.map { ($0.range, $0.replacement) })
  }

  /// The rows found by their pattern (names Ambient lacks, behaviour that differs).
  private mutating func scanDifferences() {
    let code = self.code
    for row in Difference.all {
      guard let scan = row.scan else { continue }
      for match in scan.matches(in: code) {
        let found = code.utf16Text(match.range).split(separator: "\n").first.map(String.init) ?? ""
        record(row.id, at: match.range.lowerBound, "`\(found.trimmingSpaces)`")
      }
    }
  }

  /// Adds `import AmbientURLSession` where the file reads `\.urlSession`.
  private mutating func addURLSessionImport() {
    let code = self.code
    // `\.urlSession`, `\DependencyValues.urlSession`, and `$0.urlSession` in an update closure.
    guard Pattern(#"(\\(DependencyValues)?|\$0)\.urlSession\b"#).isFound(in: code) else { return }
    usesURLSession = true
    guard !Pattern(#"^[ \t]*(@\w+[ \t]+)*import[ \t]+AmbientURLSession\b"#).isFound(in: code) else { return }
    let imports = Pattern(#"^[ \t]*(@\w+[ \t]+)*import[ \t]+Ambient[ \t]*$"#).matches(in: code)
    let offset = imports.first.map { $0.range.upperBound } ?? 0
    let line = imports.isEmpty ? "import AmbientURLSession\n" : "\nimport AmbientURLSession"
    apply([
      Edit(range: offset..<offset, replacement: line, id: "url-session", detail: "`import AmbientURLSession` added")
    ])
  }

  /// Removes an `import Ambient` (or `AmbientTesting`) that repeats an earlier one, which
  /// rewriting two imports into one module leaves.
  private mutating func removeDuplicateImports() {
    let code = self.code
    var seen: Set<String> = []
    var edits: [(range: Range<Int>, replacement: String)] = []
    for match in Pattern(#"^[ \t]*import[ \t]+(Ambient|AmbientTesting)[ \t]*\n"#).matches(in: code) {
      let module = code.utf16Text(match.groups[0]!)
      if !seen.insert(module).inserted { edits.append((match.range, "")) }
    }
    text = text.applying(edits)
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
    while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
