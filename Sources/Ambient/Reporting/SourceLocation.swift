/// A place in the user's source, as the compiler gives it at a declaration or call
/// (`#fileID`, `#filePath`, `#line`, `#column`): what a report is attributed to.
///
/// The one record of "where was this declared" for read sites, unimplemented endpoints and
/// issues, so every message locates its subject the same way.
@usableFromInline
struct SourceLocation: Sendable {
  /// `Module/File.swift`: what messages show.
  @usableFromInline let fileID: StaticString
  /// The full path: what test frameworks attribute an issue to.
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

extension SourceLocation {
  /// The place this is called from: for reports that have no user declaration to point at.
  static func here(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension SourceLocation: CustomStringConvertible {
  /// `Module/File.swift:12:5`.
  @usableFromInline
  var description: String { "\(fileID):\(line):\(column)" }
}

/// Reports `message` attributed to `location`: ``reportIssue(_:fileID:filePath:line:column:)``
/// for callers that already hold a ``SourceLocation``.
func reportIssue(_ message: String, at location: SourceLocation) {
  reportIssue(
    message, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
}
