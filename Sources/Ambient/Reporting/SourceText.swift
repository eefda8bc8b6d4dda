import Foundation

/// Reads what the user wrote at a declaration, for messages that quote it.
///
/// On Linux a key path cannot name its computed properties (it prints as `<computed 0x…>`),
/// so messages quote `@Dependency(\.apiClient)` from the source line instead. Only used when
/// a message is built, never on a read.
enum SourceText {
  /// The argument of the `@Dependency(…)` attribute on `line` of `filePath`, such as
  /// `\.apiClient`, or `nil` when the file cannot be read or the line has none.
  static func dependencyArgument(filePath: String, line: Int) -> String? {
    lines(of: filePath, from: line, count: 1).flatMap(dependencyArgument(in:))
  }

  /// Up to `count` lines of the file at `filePath`, starting at line `line` (1-based), joined
  /// by newlines; `nil` when the file is not on this machine or has no such line.
  static func lines(of filePath: String, from line: Int, count: Int) -> String? {
    guard line > 0,
      let contents = try? String(contentsOfFile: filePath, encoding: .utf8)
    else { return nil }
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    guard line <= lines.count else { return nil }
    return lines[(line - 1)..<min(line - 1 + count, lines.count)].joined(separator: "\n")
  }

  /// The first argument of the `@Dependency(…)` attribute in `text`.
  static func dependencyArgument(in text: String) -> String? {
    guard let start = text.range(of: "@Dependency(") else { return nil }
    var depth = 1
    var argument = ""
    for character in text[start.upperBound...] {
      switch character {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "," where depth == 1: return argument.trimmingCharacters(in: .whitespaces)
      default: break
      }
      if depth == 0 { return argument.trimmingCharacters(in: .whitespaces) }
      argument.append(character)
    }
    return nil
  }
}
