/// One row of the migration table: something that differs between swift-dependencies and
/// Ambient, what the migration tool does about it, and what to write where it does not.
///
/// The table (``Difference/all``) is the single source of the tool's report and of the table in
/// the migration guide ("MigratingInOneCommand.md"), which a test compares with
/// ``GuideTable/markdown``, so the two cannot drift.
package struct Difference: Sendable, Equatable {
  /// What the tool does about a difference.
  package enum Handling: Sendable, Equatable {
    /// The tool rewrites it; each rewrite is listed as a change.
    case rewritten
    /// Certain: the package does not build, or a test fails, until it is fixed. The tool lists
    /// it with file, line and fix.
    case toFix
    /// May be: the code compiles, and behaves differently only where it relies on what
    /// swift-dependencies did. The tool lists it with file, line and what to look at.
    case toCheck
  }

  /// A stable name, shown in brackets in the report (`[missing-scheduler]`).
  package let id: String
  /// What the user's code or manifest has, as the guide's first column says it.
  package let what: String
  /// Whether the tool rewrites it or reports it, and how sure the report is.
  package let handling: Handling
  /// What the tool writes, or what the user writes instead.
  package let fix: String
  /// A pattern over code (comments and strings blanked) that finds it in a Swift file, for the
  /// rows found by scanning; `nil` for rows a rewrite step finds.
  let scan: Pattern?

  init(id: String, what: String, handling: Handling, fix: String, scan: String? = nil) {
    self.id = id
    self.what = what
    self.handling = handling
    self.fix = fix
    self.scan = scan.map(Pattern.init)
  }

  package static func == (lhs: Difference, rhs: Difference) -> Bool { lhs.id == rhs.id }

  /// The row named `id`; the tool's steps name only rows the table has.
  static func named(_ id: String) -> Difference {
    guard let row = all.first(where: { $0.id == id }) else {
      preconditionFailure("The migration table has no row \(id)")
    }
    return row
  }
}
