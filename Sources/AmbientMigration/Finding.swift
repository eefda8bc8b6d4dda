/// A line of the report: a change the tool made (or would make), or a difference it left, with
/// the file and line it is at.
package struct Finding: Sendable, Equatable, Comparable {
  /// The file, relative to the package's root.
  package let path: String
  /// The 1-based line, or 0 for the file as a whole.
  package let line: Int
  /// The table row.
  package let difference: Difference
  /// What exactly was found or changed at this place.
  package let detail: String

  package static func < (lhs: Finding, rhs: Finding) -> Bool {
    (lhs.path, lhs.line, lhs.difference.id, lhs.detail) < (rhs.path, rhs.line, rhs.difference.id, rhs.detail)
  }

  /// The report's line: `path:line: [id] detail`, then for a difference left, ` — fix`.
  package var reportLine: String {
    let place = line > 0 ? "\(path):\(line)" : path
    switch difference.handling {
    case .rewritten: return "\(place): changed [\(difference.id)] \(detail)"
    case .reported: return "\(place): left [\(difference.id)] \(detail) — \(difference.fix)"
    }
  }
}
