extension ManifestMigration {
  /// swift-dependencies' products become Ambient's; `DependenciesMacros` goes, from its list or
  /// with the declaration that names it and every list that names that declaration. A product
  /// in any other place is left, and the manifest check reports it.
  func productEdits(code: String) -> [Edit] {
    var edits: [Edit] = []
    for call in ManifestCall.all("product", code: code, text: text) {
      guard let package = call.argument("package"), package.value.lowercased() == "swift-dependencies",
        let name = call.argument("name")
      else { continue }
      if let ambient = PackageFacts.ambientModules[name.value] {
        let local = { (range: Range<Int>) in
          range.lowerBound - call.range.lowerBound..<range.upperBound - call.range.lowerBound
        }
        let replacement = call.text.applying([
          (local(name.range), ambient), (local(package.range), context.ambientIdentity),
        ])
        edits.append(
          Edit(
            range: call.range, replacement: replacement, id: "manifest-package",
            detail: "`\(call.text)` → `\(replacement)`"))
        continue
      }
      guard name.value == "DependenciesMacros" else { continue }
      if code.isListElement(call.range) {
        edits.append(
          Edit(
            range: text.listEntryRange(call.range), replacement: "", id: "manifest-package",
            detail: "`\(call.text)` removed (Ambient has no macros)"))
      } else if let alias = ProductAlias(declaring: call.range, code: code), let uses = alias.listedUses(in: code) {
        edits.append(
          Edit(
            range: alias.declaration, replacement: "", id: "manifest-package",
            detail: "`\(alias.name)`, which declared `\(call.text)`, removed (Ambient has no macros)"))
        for use in uses {
          edits.append(
            Edit(
              range: text.listEntryRange(use), replacement: "", id: "manifest-package",
              detail: "`\(text.utf16Text(use))` removed from the list"))
        }
      }
    }
    return edits
  }

  /// Adds `AmbientTesting` to each test target that links Ambient without it, directly or
  /// through a target of the package (so its issues reach the test, and each test starts from
  /// fresh values, as with swift-dependencies), and `AmbientURLSession` to each target whose
  /// files read `\.urlSession`. Each goes after what brings Ambient: its product (a
  /// `.product(…)` call, or a declaration of the manifest's own that names it), or the target.
  mutating func addProducts() {
    let targets = ManifestTarget.all(code: code, text: text, ambientIdentity: context.ambientIdentity)
    let linking = ManifestTarget.linkingAmbient(targets)
    var edits: [Edit] = []
    for target in targets {
      let direct = target.products.first { $0.name == "Ambient" }?.range
      var products: [String] = []
      if target.isTest && !target.lists("AmbientTesting") { products.append("AmbientTesting") }
      if direct != nil, context.urlSessionTargets.contains(target.name), !target.lists("AmbientURLSession") {
        products.append("AmbientURLSession")
      }
      let through = target.isTest ? target.targets.first { linking.contains($0.name) }?.range : nil
      guard !products.isEmpty, let element = direct ?? through else { continue }
      let edit = insertion(of: products, after: element)
      edits.append(edit)
      for product in products {
        rewritten.record(
          product == "AmbientURLSession" ? "url-session" : "manifest-package", at: edit.range.lowerBound,
          "`\(product)` added to target `\(target.name)`")
      }
    }
    rewritten.apply(edits)
  }

  /// The edit that lists `products` after the element at `element`, in the list's layout: on
  /// lines of their own when the element has one, else on its line.
  private func insertion(of products: [String], after element: Range<Int>) -> Edit {
    let line = text.lineText(containing: element.upperBound - 1)
    let indent = String(line.prefix { $0 == " " || $0 == "\t" })
    let ownLine = line.trimmingSpaces.hasPrefix(text.utf16Text(element))
    let calls = products.map { ".product(name: \"\($0)\", package: \"\(context.ambientIdentity)\")" }
    let hasComma = text.utf16Text(element.upperBound..<min(element.upperBound + 1, text.utf16.count)) == ","
    let at = ownLine && hasComma ? element.upperBound + 1 : element.upperBound
    let replacement =
      !ownLine
      ? calls.map { ", \($0)" }.joined()
      : hasComma ? calls.map { "\n\(indent)\($0)," }.joined() : calls.map { ",\n\(indent)\($0)" }.joined()
    return Edit(range: at..<at, replacement: replacement, id: "manifest-package", detail: "")
  }
}
