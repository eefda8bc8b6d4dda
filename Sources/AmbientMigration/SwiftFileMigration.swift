/// The migration of one Swift file: each step rewrites what it can and records a ``Finding``
/// for every change and for every difference it leaves.
struct SwiftFileMigration {
  typealias Edit = RewrittenText.Edit

  /// The file, relative to the package's root.
  let path: String
  let facts: PackageFacts
  /// The file's text as the steps so far left it, and what they recorded.
  var rewritten: RewrittenText
  /// Whether the file reads `\.urlSession`, so its target needs `AmbientURLSession`.
  private(set) var usesURLSession = false

  /// Migrates `text`, or returns `nil` when the file cannot be read with confidence (the caller
  /// reports it and leaves it alone).
  init?(path: String, text: String, facts: PackageFacts) {
    guard let masked = MaskedSource(text) else { return nil }
    self.path = path
    self.rewritten = RewrittenText(text)
    self.facts = facts
    let imports = ImportDeclaration.all(code: masked.code, text: text)
    let keptOverlayModules = findNamesAmbientLacks(imports: imports)
    rewriteImports(imports, keeping: keptOverlayModules)
    rewriteQualifiedNames(keeping: keptOverlayModules)
    rewriteOverlayNames()
    rewriteStreamWithContinuation()
    addURLSessionImport()
    rewriteDependencyEntries()
    rewriteDependencyClients()
    // Last, on the migrated text: a second run finds the same differences at the same lines.
    scanDifferences()
  }

  /// The file's text as the steps so far left it.
  var text: String { rewritten.text }

  /// The changes made and the differences left, at their lines in the migrated text.
  var findings: [Finding] { rewritten.findings(path: path) }

  /// The current text's code, comments and strings blanked. Every step leaves the text
  /// balanced, so masking cannot fail here.
  var code: String { rewritten.masked?.code ?? "" }

  mutating func record(_ id: String, at offset: Int, _ detail: String) {
    rewritten.record(id, at: offset, detail)
  }

  /// Applies `edits` (not overlapping), recording each as a change.
  mutating func apply(_ edits: [Edit]) { rewritten.apply(edits) }

  /// Adds `import AmbientURLSession` where the file reads `\.urlSession`.
  private mutating func addURLSessionImport() {
    let code = self.code
    // `\.urlSession`, `\DependencyValues.urlSession`, and `$0.urlSession` in an update closure.
    guard Pattern(#"(\\(DependencyValues)?|\$0)\.urlSession\b"#).isFound(in: code) else { return }
    usesURLSession = true
    let imports = ImportDeclaration.all(code: code, text: text).filter { !$0.isScoped }
    guard !imports.contains(where: { $0.module == "AmbientURLSession" }) else { return }
    let ambient = imports.first { $0.module == "Ambient" }
    let offset = ambient?.lineRange.upperBound ?? 0
    let newline = ambient.map { text.utf16Text($0.lineRange).hasSuffix("\n") } ?? true
    apply([
      Edit(
        range: offset..<offset, replacement: newline ? "import AmbientURLSession\n" : "\nimport AmbientURLSession",
        id: "url-session", detail: "`import AmbientURLSession` added")
    ])
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
