import Foundation

/// One `import` declaration of a Swift file, read from its line:
/// `@preconcurrency public import struct Dependencies.DependencyValues`.
struct ImportDeclaration {
  /// The whole line, its line break included.
  let lineRange: Range<Int>
  /// The declaration without the line's indentation and line break.
  let text: String
  /// `@preconcurrency`, `@_exported`, `@testable`…, in order.
  let attributes: [String]
  /// `public`, `package`, `internal`, `fileprivate` or `private`; `nil` when none is written.
  let access: String?
  /// The imported module.
  let module: String
  let moduleRange: Range<Int>
  /// Whether it imports one declaration (`import struct M.Name`) or a submodule (`import M.Sub`)
  /// rather than the whole module.
  let isScoped: Bool

  /// How widely the import shows the module: `@_exported` re-exports it, then each access level
  /// from `public` down to `private` (none written is `internal`).
  var reach: Int {
    if attributes.contains("@_exported") { return 5 }
    switch access {
    case "public": return 4
    case "package": return 3
    case "fileprivate": return 1
    case "private": return 0
    default: return 2
    }
  }

  /// Where the module is in ``text``.
  private let moduleInText: Range<Int>

  /// The declaration, with `module` in place of its module.
  func text(module replacement: String) -> String {
    text.utf16Text(0..<moduleInText.lowerBound) + replacement
      + text.utf16Text(moduleInText.upperBound..<text.utf16.count)
  }

  private static let line = Pattern(
    #"^[ \t]*((?:@\w+(?:\([^)\n]*\))?[ \t]+)*)(?:(public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+(?:(typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(\w+)((?:\.\w+)*)[ \t]*(?:\n|$)"#
  )

  /// The import declarations of a file, found in its masked `code` and read from its `text`.
  static func all(code: String, text: String) -> [ImportDeclaration] {
    line.matches(in: code).map { match in
      let lineText = text.utf16Text(match.range).trimmingCharacters(in: .newlines)
      let indentation = lineText.utf16.count - lineText.drop { $0 == " " || $0 == "\t" }.utf16.count
      let moduleStart = match.groups[3]!.lowerBound - match.range.lowerBound - indentation
      let attributes = code.utf16Text(match.groups[0]!).split { $0 == " " || $0 == "\t" }.map(String.init)
      return ImportDeclaration(
        lineRange: match.range, text: lineText.trimmingSpaces, attributes: attributes,
        access: match.groups[1].map { code.utf16Text($0) }, module: code.utf16Text(match.groups[3]!),
        moduleRange: match.groups[3]!, isScoped: match.groups[2] != nil || !match.groups[4]!.isEmpty,
        moduleInText: moduleStart..<moduleStart + match.groups[3]!.count)
    }
  }
}
