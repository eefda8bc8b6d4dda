/// The migration guide's table of what the tool rewrites and reports, rendered from
/// ``Difference/all``: `swift run ambient-migrate --guide-table` prints it, and a test checks
/// that the guide holds exactly this text.
package enum GuideTable {
  /// The heading the table follows in the guide.
  package static let heading = "### What the migration tool rewrites and reports"

  /// The table, in Markdown.
  package static var markdown: String {
    var lines = ["| In your package | The tool | What it writes, or what to write |", "|---|---|---|"]
    for row in Difference.all {
      let handling: String
      switch row.handling {
      case .rewritten: handling = "Rewrites"
      case .toFix: handling = "Reports: to fix"
      case .toCheck: handling = "Reports: to check"
      }
      lines.append("| \(row.what) | \(handling) | \(row.fix) |")
    }
    return lines.joined(separator: "\n")
  }
}
