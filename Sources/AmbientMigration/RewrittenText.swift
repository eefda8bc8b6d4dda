/// A file's text as the migration rewrites it, with the findings recorded so far. Each finding
/// keeps its place through every later edit, so its line is the line in the migrated file: the
/// report of `--apply` points at the files as they are, and a second run reports what is left
/// at the same lines.
struct RewrittenText {
  /// One replacement in the text, and the change it records.
  struct Edit {
    let range: Range<Int>
    let replacement: String
    /// The table row the change belongs to.
    let id: String
    /// What the report says; empty for an edit that belongs to a change recorded elsewhere.
    let detail: String
  }

  private struct Note {
    /// A UTF-16 offset in the current text, or `nil` for the file as a whole.
    var offset: Int?
    let id: String
    let detail: String
    let fix: String?
  }

  private(set) var text: String
  private var notes: [Note] = []

  init(_ text: String) { self.text = text }

  /// The current text with its comments and strings blanked, or `nil` when they do not close.
  var masked: MaskedSource? { MaskedSource(text) }

  /// Records a finding of row `id` at `offset` in the current text (`nil`: the whole file).
  mutating func record(_ id: String, at offset: Int?, _ detail: String, fix: String? = nil) {
    notes.append(Note(offset: offset, id: id, detail: detail, fix: fix))
  }

  /// Applies `edits` (not overlapping), recording each that has a detail as a change.
  mutating func apply(_ edits: [Edit]) {
    guard !edits.isEmpty else { return }
    for edit in edits where !edit.detail.isEmpty { record(edit.id, at: edit.range.lowerBound, edit.detail) }
    let ordered = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    for index in notes.indices {
      notes[index].offset = notes[index].offset.map { Self.offset($0, after: ordered) }
    }
    text = text.applying(edits.map { ($0.range, $0.replacement) })
  }

  /// Where `offset` is once `edits` (in order) are applied: moved by the edits before it, or at
  /// the start of the replacement of the edit that covers it.
  private static func offset(_ offset: Int, after edits: [Edit]) -> Int {
    var shift = 0
    for edit in edits {
      if edit.range.lowerBound < offset && edit.range.upperBound <= offset {
        shift += edit.replacement.utf16.count - edit.range.count
      } else if edit.range.contains(offset) {
        return edit.range.lowerBound + shift
      } else {
        break
      }
    }
    return offset + shift
  }

  /// The findings recorded, at their lines in the current text.
  func findings(path: String) -> [Finding] {
    notes.map { note in
      Finding(
        path: path, line: note.offset.map { text.line(atUTF16Offset: $0) } ?? 0, difference: .named(note.id),
        detail: note.detail, fix: note.fix)
    }
  }
}
