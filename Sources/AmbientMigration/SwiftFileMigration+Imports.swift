import Foundation

extension SwiftFileMigration {
  /// `import Dependencies` and its siblings become Ambient's modules, with the same attributes
  /// and access level; the imports of the modules that came through swift-dependencies become
  /// `import Ambient` unless `keptOverlayModules` holds them. The file keeps one whole-module
  /// import of each Ambient module: the one that shows it most widely (`@_exported`, then
  /// `public`…), so no redundant import is left to warn.
  mutating func rewriteImports(_ imports: [ImportDeclaration], keeping keptOverlayModules: Set<String>) {
    var edits: [RewrittenText.Edit] = []
    // The whole-module imports of each Ambient module the file will have, in order.
    var wholeModule: [String: [(declaration: ImportDeclaration, rewritten: Bool, id: String)]] = [:]
    for declaration in imports {
      let module: String
      let id: String
      if let ambient = PackageFacts.ambientModules[declaration.module] {
        (module, id) = (ambient, "import")
      } else if declaration.module == "DependenciesMacros" {
        edits.append(
          RewrittenText.Edit(
            range: declaration.lineRange, replacement: "", id: "import",
            detail: "`\(declaration.text)` removed (Ambient has no macros)"))
        continue
      } else if PackageFacts.overlayModules.contains(declaration.module),
        !keptOverlayModules.contains(declaration.module)
      {
        (module, id) = ("Ambient", "overlay-import")
      } else if declaration.module == "Ambient" || declaration.module == "AmbientTesting" {
        if !declaration.isScoped { wholeModule[declaration.module, default: []].append((declaration, false, "import")) }
        continue
      } else {
        continue
      }
      if declaration.isScoped {
        edits.append(Self.rewrite(declaration, to: module, id: id))
      } else {
        wholeModule[module, default: []].append((declaration, true, id))
      }
    }
    for (module, group) in wholeModule where group.contains(where: \.rewritten) {
      let kept = group.indices.max { group[$0].declaration.reach < group[$1].declaration.reach }!
      for (index, entry) in group.enumerated() {
        if index == kept {
          if entry.rewritten { edits.append(Self.rewrite(entry.declaration, to: module, id: entry.id)) }
          continue
        }
        edits.append(
          RewrittenText.Edit(
            range: entry.declaration.lineRange, replacement: "", id: entry.id,
            detail:
              "`\(entry.declaration.text)` removed (the file keeps `\(group[kept].declaration.text(module: module))`)"
          ))
      }
    }
    // `#if canImport(Dependencies)` around the import would hide the rewritten one.
    let code = self.code
    for match in Pattern(#"\bcanImport\(\s*(Dependencies|DependenciesTestSupport)\s*\)"#).matches(in: code) {
      let module = code.utf16Text(match.groups[0]!)
      let ambient = PackageFacts.ambientModules[module]!  // the pattern matches only those
      edits.append(
        RewrittenText.Edit(
          range: match.groups[0]!, replacement: ambient, id: "import",
          detail: "`canImport(\(module))` → `canImport(\(ambient))`"))
    }
    rewritten.apply(edits)
  }

  private static func rewrite(_ declaration: ImportDeclaration, to module: String, id: String) -> RewrittenText.Edit {
    RewrittenText.Edit(
      range: declaration.moduleRange, replacement: module, id: id,
      detail: "`\(declaration.text)` → `\(declaration.text(module: module))`")
  }
}
