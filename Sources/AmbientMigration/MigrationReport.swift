/// The text the tool prints: the diffs of a dry run, the changes, the differences left, and the
/// closing line "N changes made, M differences left".
package struct MigrationReport {
  package let text: String

  /// - Parameter applied: Whether the changes were written (`--apply`) or only shown.
  package init(_ migration: PackageMigration, applied: Bool) {
    var lines: [String] = []
    if !applied {
      for change in migration.changes {
        lines.append(UnifiedDiff(path: change.path, original: change.original, migrated: change.migrated).text)
      }
      if !migration.changes.isEmpty { lines.append("") }
    }
    lines += Self.lines(migration, applied: applied)
    text = lines.joined(separator: "\n")
  }

  /// The report without the diffs: a line for each change and each difference left, then the
  /// closing line. This is what the fixtures' expected files hold.
  package static func lines(_ migration: PackageMigration, applied: Bool) -> [String] {
    let changes = migration.findings.filter { $0.difference.handling == .rewritten }
    let differences = migration.findings.filter { $0.difference.handling == .reported }
    var lines: [String] = []
    if !changes.isEmpty {
      lines.append(applied ? "Changes made:" : "Changes to make (run with --apply to write them):")
      lines += changes.map(\.reportLine)
    }
    if !differences.isEmpty {
      lines.append("Differences left (each with its fix):")
      lines += differences.map(\.reportLine)
    }
    lines.append(
      applied
        ? "\(changes.count) changes made, \(differences.count) differences left"
        : "\(changes.count) changes to make (dry run: nothing written), \(differences.count) differences left")
    return lines
  }
}
