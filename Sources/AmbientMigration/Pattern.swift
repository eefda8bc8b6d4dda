import Foundation

/// A regular expression over a file's text, with matches as UTF-16 offsets (the offsets
/// ``MaskedSource`` keeps), so a match in the masked code can be applied to the original.
struct Pattern: @unchecked Sendable {
  // @unchecked: NSRegularExpression is immutable and documented as thread-safe.
  private let regex: NSRegularExpression

  /// Compiles `pattern`; `^` and `$` match at line breaks.
  init(_ pattern: String) {
    do {
      regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    } catch {
      preconditionFailure("The migration's pattern \(pattern) does not compile: \(error)")
    }
  }

  /// One match: its range and its capture groups' ranges (`nil` for a group that took no part).
  struct Match {
    let range: Range<Int>
    let groups: [Range<Int>?]
  }

  /// Every match in `text`, in order.
  func matches(in text: String) -> [Match] {
    let ns = text as NSString
    return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { result in
      Match(
        range: result.range.location..<result.range.location + result.range.length,
        groups: (0..<result.numberOfRanges).dropFirst().map { index in
          let range = result.range(at: index)
          return range.location == NSNotFound ? nil : range.location..<range.location + range.length
        }
      )
    }
  }

  /// Whether `text` has a match.
  func isFound(in text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
  }
}

extension String {
  /// The text at UTF-16 offsets `range`.
  func utf16Text(_ range: Range<Int>) -> String {
    (self as NSString).substring(with: NSRange(location: range.lowerBound, length: range.count))
  }

  /// The 1-based line of the UTF-16 offset `offset`.
  func line(atUTF16Offset offset: Int) -> Int {
    var line = 1
    for unit in utf16.prefix(offset) where unit == 0x0A { line += 1 }
    return line
  }

  /// The text with `edits` (UTF-16 ranges, not overlapping) replaced.
  func applying(_ edits: [(range: Range<Int>, replacement: String)]) -> String {
    let result = NSMutableString(string: self)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceCharacters(
        in: NSRange(location: edit.range.lowerBound, length: edit.range.count), with: edit.replacement)
    }
    return result as String
  }
}

extension String {
  /// The UTF-16 offset of the bracket that closes the one at `open`, in masked code (where
  /// brackets in comments and strings are blanked); `nil` if it does not close.
  func closingBracket(from open: Int) -> Int? {
    let units = Array(utf16)
    var depth = 0
    var index = open
    while index < units.count {
      switch units[index] {
      case 0x28, 0x5B, 0x7B: depth += 1
      case 0x29, 0x5D, 0x7D:
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The line that holds the UTF-16 offset `offset`, without its line break.
  func lineText(containing offset: Int) -> String {
    utf16Text(lineRange(containing: offset)).trimmingCharacters(in: .newlines)
  }

  /// The UTF-16 offsets of the line that holds `offset`, its line break included.
  func lineRange(containing offset: Int) -> Range<Int> {
    let units = Array(utf16)
    var start = min(offset, units.count)
    while start > 0, units[start - 1] != 0x0A { start -= 1 }
    var end = min(offset, units.count)
    while end < units.count, units[end] != 0x0A { end += 1 }
    return start..<min(end + 1, units.count)
  }
}
