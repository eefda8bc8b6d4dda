/// A product a manifest declares under a name of its own, which its targets list instead of
/// the `.product(…)` call:
///
/// ```swift
/// extension Target.Dependency {
///   static var dependenciesMacros: Target.Dependency {
///     .product(name: "DependenciesMacros", package: "swift-dependencies")
///   }
/// }
/// ```
///
/// (or `let macros: Target.Dependency = .product(…)`), listed as `.dependenciesMacros`.
struct ProductAlias {
  /// The declared name.
  let name: String
  /// The declaration's lines, line breaks included.
  let declaration: Range<Int>

  private static let declarationStart = Pattern(
    #"(?:^|\n)([ \t]*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?(?:(?:static|class)[ \t]+)?(?:var|let)[ \t]+(\w+)[ \t]*(?::[ \t]*[\w.\[\]<> ]+?)?[ \t]*(\{|=)\s*(?:return\s+)?(?:Target\.Dependency|Self)?)\z"#
  )

  /// The declaration whose whole value is the call at `call`, in masked `code`; `nil` when the
  /// call is not one (an element of a list, an argument).
  init?(declaring call: Range<Int>, code: String) {
    let start = max(0, call.lowerBound - 400)
    let before = code.utf16Text(start..<call.lowerBound)
    guard let match = Self.declarationStart.matches(in: before).last else { return nil }
    let units = Array(code.utf16)
    var end = call.upperBound
    func skipBlanks() { while end < units.count, [0x20, 0x09, 0x0A].contains(units[end]) { end += 1 } }
    if before.utf16Text(match.groups[2]!) == "{" {
      skipBlanks()
      guard end < units.count, units[end] == 0x7D else { return nil }  // more than the call in the getter
      end += 1
    }
    // Nothing else on the declaration's last line.
    while end < units.count, [0x20, 0x09].contains(units[end]) { end += 1 }
    guard end == units.count || units[end] == 0x0A else { return nil }
    name = before.utf16Text(match.groups[1]!)
    declaration = start + match.groups[0]!.lowerBound..<min(end + 1, units.count)
  }

  /// Where the manifest lists the product by this name as an element of a list (`.name`,
  /// `Target.Dependency.name`, `Self.name` or `name`), outside the declaration; `nil` when it
  /// names it anywhere else, where the tool cannot tell what removing it would do.
  func listedUses(in code: String) -> [Range<Int>]? {
    var uses: [Range<Int>] = []
    let use = Pattern(#"(?<![\w.])(?:(?:Target\.Dependency|Self)?\.)?\#(name)\b(?!\s*:)"#)
    for match in use.matches(in: code) where !declaration.contains(match.range.lowerBound) {
      guard code.isListElement(match.range) else { return nil }
      uses.append(match.range)
    }
    return uses
  }
}
