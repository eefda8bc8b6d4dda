/// A Swift file's text with its comments and the contents of its string literals blanked out
/// (the quotes stay), so that the migration's patterns match only code. The blanked text has the original's UTF-16 length and line breaks,
/// so a position found in it is the same position in the original.
///
/// Masking fails (returns `nil`) when the file cannot be read with confidence: an unterminated
/// comment or string, or brackets that do not balance. The migration then leaves the file alone
/// and reports it.
package struct MaskedSource: Sendable {
  /// The file's text.
  package let original: String
  /// The same text with every character of a comment or inside a string literal replaced by a
  /// space.
  package let code: String

  /// Masks `text`, or returns `nil` when its comments, strings or brackets do not close.
  package init?(_ text: String) {
    guard let code = Self.mask(Array(text.utf16)) else { return nil }
    self.original = text
    self.code = code
  }

  private enum Context {
    /// Code; `interpolationDepth` counts the open parentheses of a string interpolation, or is
    /// `nil` at the top level.
    case code(interpolationDepth: Int?)
    case string(hashes: Int, multiline: Bool)
    case blockComment(depth: Int)
  }

  private static let space: UInt16 = 0x20
  private static let newline: UInt16 = 0x0A

  // A hand-written scanner, not a parser: it knows only what decides where code ends and text
  // begins (comments, strings with `#` delimiters and interpolations, multi-line strings).
  private static func mask(_ units: [UInt16]) -> String? {
    var out = units
    var stack: [Context] = [.code(interpolationDepth: nil)]
    var brackets: [UInt16] = []
    var index = 0
    func at(_ offset: Int) -> UInt16 { index + offset < units.count ? units[index + offset] : 0 }
    func blank(_ range: Range<Int>) {
      for position in range where out[position] != newline { out[position] = space }
    }
    func countHashes(from start: Int) -> Int {
      var count = 0
      while start + count < units.count, units[start + count] == 0x23 { count += 1 }
      return count
    }
    while index < units.count {
      let unit = units[index]
      switch stack[stack.count - 1] {
      case .code(let interpolationDepth):
        if unit == 0x2F, at(1) == 0x2F {  // line comment
          var end = index
          while end < units.count, units[end] != newline { end += 1 }
          blank(index..<end)
          index = end
          continue
        }
        if unit == 0x2F, at(1) == 0x2A {  // block comment
          blank(index..<index + 2)
          stack.append(.blockComment(depth: 1))
          index += 2
          continue
        }
        let hashes = unit == 0x23 ? countHashes(from: index) : 0
        if unit == 0x22 || (hashes > 0 && at(hashes) == 0x22) {
          let quote = index + hashes
          let multiline = quote + 2 < units.count && units[quote + 1] == 0x22 && units[quote + 2] == 0x22
          let end = quote + (multiline ? 3 : 1)
          stack.append(.string(hashes: hashes, multiline: multiline))
          index = end
          continue
        }
        switch unit {
        case 0x28, 0x5B, 0x7B:
          brackets.append(unit)
          if unit == 0x28, let depth = interpolationDepth {
            stack[stack.count - 1] = .code(interpolationDepth: depth + 1)
          }
        case 0x29, 0x5D, 0x7D:
          if unit == 0x29, let depth = interpolationDepth {
            if depth == 0 {  // the interpolation's own closing parenthesis
              blank(index..<index + 1)
              stack.removeLast()
              index += 1
              continue
            }
            stack[stack.count - 1] = .code(interpolationDepth: depth - 1)
          }
          let opening: UInt16 = unit == 0x29 ? 0x28 : unit == 0x5D ? 0x5B : 0x7B
          guard brackets.popLast() == opening else { return nil }
        default: break
        }
        index += 1
      case .string(let hashes, let multiline):
        if unit == newline {
          guard multiline else { return nil }
          index += 1
          continue
        }
        if unit == 0x5C, countHashes(from: index + 1) == hashes {  // escape
          let next = index + 1 + hashes
          if next < units.count, units[next] == 0x28 {  // interpolation
            blank(index..<next + 1)
            stack.append(.code(interpolationDepth: 0))
            index = next + 1
            continue
          }
          blank(index..<min(next + 1, units.count))
          index = next + 1
          continue
        }
        let quotes = multiline ? 3 : 1
        if unit == 0x22, (0..<quotes).allSatisfy({ at($0) == 0x22 }), countHashes(from: index + quotes) >= hashes {
          stack.removeLast()
          index += quotes + hashes
          continue
        }
        blank(index..<index + 1)
        index += 1
      case .blockComment(let depth):
        if unit == 0x2A, at(1) == 0x2F {
          blank(index..<index + 2)
          stack[stack.count - 1] = .blockComment(depth: depth - 1)
          if depth == 1 { stack.removeLast() }
          index += 2
          continue
        }
        if unit == 0x2F, at(1) == 0x2A {
          blank(index..<index + 2)
          stack[stack.count - 1] = .blockComment(depth: depth + 1)
          index += 2
          continue
        }
        blank(index..<index + 1)
        index += 1
      }
    }
    guard stack.count == 1, brackets.isEmpty else { return nil }
    return String(decoding: out, as: UTF16.self)
  }
}
