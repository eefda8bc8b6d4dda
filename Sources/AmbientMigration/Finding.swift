/// A line of the report: a change the tool made (or would make), or a difference it left, with
/// the file and line it is at in the migrated file.
package struct Finding: Sendable, Equatable, Comparable {
  /// The file, relative to the package's root.
  package let path: String
  /// The 1-based line in the file as the migration leaves it, or 0 for the file as a whole.
  package let line: Int
  /// The table row.
  package let difference: Difference
  /// What exactly was found or changed at this place.
  package let detail: String
  /// The fix for this place, where it says more than the row's (the package named as this
  /// manifest names it); `nil` for the row's.
  package let fix: String?

  init(path: String, line: Int, difference: Difference, detail: String, fix: String? = nil) {
    self.path = path
    self.line = line
    self.difference = difference
    self.detail = detail
    self.fix = fix
  }

  package static func < (lhs: Finding, rhs: Finding) -> Bool {
    (lhs.path, lhs.line, lhs.difference.id, lhs.detail) < (rhs.path, rhs.line, rhs.difference.id, rhs.detail)
  }

  /// The report's line: `path:line: changed [id] detail`, or for a difference left
  /// `path:line: fix [id] detail — fix` (or `check`).
  package var reportLine: String {
    let place = line > 0 ? "\(path):\(line)" : path
    switch difference.handling {
    case .rewritten: return "\(place): changed [\(difference.id)] \(detail)"
    case .toFix: return "\(place): fix [\(difference.id)] \(detail) — \(fix ?? difference.fix)"
    case .toCheck: return "\(place): check [\(difference.id)] \(detail) — \(fix ?? difference.fix)"
    }
  }
}
