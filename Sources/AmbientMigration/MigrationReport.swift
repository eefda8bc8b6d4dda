/// The text the tool prints: the diffs of a dry run, the changes, the differences left (to fix,
/// then to check), and the closing line, "13 changes made, 1 difference to fix, 2 to check".
package struct MigrationReport {
  /// What became of the changes.
  package enum Outcome: Sendable {
    /// Shown, not written.
    case dryRun
    /// Written.
    case applied
    /// Not written, because a difference to fix holds them back (``PackageMigration/isHeldBack``).
    case heldBack
  }

  package let text: String

  package init(_ migration: PackageMigration, outcome: Outcome) {
    var lines: [String] = []
    if outcome == .dryRun {
      for change in migration.changes {
        lines.append(UnifiedDiff(path: change.path, original: change.original, migrated: change.migrated).text)
      }
      if !migration.changes.isEmpty { lines.append("") }
    }
    lines += Self.lines(migration, outcome: outcome)
    text = lines.joined(separator: "\n")
  }

  /// The report without the diffs: a line for each change and each difference left, then the
  /// closing line. This is what the fixtures' expected files hold.
  package static func lines(_ migration: PackageMigration, outcome: Outcome) -> [String] {
    let changes = migration.findings.filter { $0.difference.handling == .rewritten }
    let toFix = migration.findings.filter { $0.difference.handling == .toFix }
    let toCheck = migration.findings.filter { $0.difference.handling == .toCheck }
    let heldBack = migration.isHeldBack
    var lines: [String] = []
    if !changes.isEmpty {
      switch outcome {
      case _ where heldBack:
        lines.append("Changes held back (nothing is written while a difference to fix below holds them back):")
      case .dryRun: lines.append("Changes to make (run with --apply to write them):")
      case .applied, .heldBack: lines.append("Changes made:")
      }
      lines += changes.map(\.reportLine)
    }
    if !toFix.isEmpty {
      lines.append("Differences to fix (the package does not build, or a test fails, until each is fixed):")
      lines += toFix.map(\.reportLine)
    }
    if !toCheck.isEmpty {
      lines.append("To check (the code compiles; it behaves differently only where it relies on the difference):")
      lines += toCheck.map(\.reportLine)
    }
    let made: String
    switch outcome {
    case _ where heldBack && outcome == .dryRun:
      made = "\(count(changes.count, "change")) held back (dry run: nothing written)"
    case .dryRun: made = "\(count(changes.count, "change")) to make (dry run: nothing written)"
    case .applied: made = "\(count(changes.count, "change")) made"
    case .heldBack: made = "0 changes made (\(changes.count) held back)"
    }
    lines.append("\(made), \(count(toFix.count, "difference")) to fix, \(toCheck.count) to check")
    return lines
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
