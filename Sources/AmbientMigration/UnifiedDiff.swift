/// A unified diff (`diff -u` shape, three lines of context) between two texts of one file.
struct UnifiedDiff {
  let text: String

  init(path: String, original: String, migrated: String) {
    let old = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = migrated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let operations = Self.operations(old, new)
    var lines = ["--- a/\(path)", "+++ b/\(path)"]
    // Group the operations into hunks: each change with up to three lines of context around it.
    let context = 3
    let changed = operations.indices.filter { operations[$0].kind != " " }
    var index = 0
    while index < changed.count {
      let start = max(0, changed[index] - context)
      var end = min(operations.count, changed[index] + context + 1)
      while index + 1 < changed.count, changed[index + 1] - context <= end {
        index += 1
        end = min(operations.count, changed[index] + context + 1)
      }
      let hunk = operations[start..<end]
      let oldStart = hunk.first!.oldLine
      let newStart = hunk.first!.newLine
      let oldCount = hunk.filter { $0.kind != "+" }.count
      let newCount = hunk.filter { $0.kind != "-" }.count
      lines.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
      lines += hunk.map { "\($0.kind)\($0.text)" }
      index += 1
    }
    text = lines.joined(separator: "\n")
  }

  private struct Operation {
    /// " ", "-" or "+".
    let kind: Character
    let text: String
    /// The 1-based line numbers in the old and new texts where this operation is.
    let oldLine: Int
    let newLine: Int
  }

  /// The edit script from `old` to `new`: the longest common subsequence of lines between their
  /// common prefix and suffix (the migration's edits are few, so that middle is small).
  private static func operations(_ old: [String], _ new: [String]) -> [Operation] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<old.count - suffix])
    let b = Array(new[prefix..<new.count - suffix])
    var kinds: [(Character, String)] = []
    if a.count * b.count > 4_000_000 {
      kinds = a.map { ("-", $0) } + b.map { ("+", $0) }
    } else {
      // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
      var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
          kinds.append((" ", a[i]))
          i += 1
          j += 1
        } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
          kinds.append(("-", a[i]))
          i += 1
        } else {
          kinds.append(("+", b[j]))
          j += 1
        }
      }
    }
    let all =
      old[0..<prefix].map { (" " as Character, $0) } + kinds + old[old.count - suffix..<old.count].map { (" ", $0) }
    var oldLine = 1
    var newLine = 1
    return all.map { kind, text in
      defer {
        if kind != "+" { oldLine += 1 }
        if kind != "-" { newLine += 1 }
      }
      return Operation(kind: kind, text: text, oldLine: oldLine, newLine: newLine)
    }
  }
}
