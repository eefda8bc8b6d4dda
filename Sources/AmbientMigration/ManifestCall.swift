import Foundation

/// A call in a manifest, `.package(…)`, `.product(…)`, `.testTarget(…)`, found in its masked
/// code and read from its text.
struct ManifestCall {
  let range: Range<Int>
  let text: String

  /// The calls named `name` outside comments and strings, in order.
  static func all(_ name: String, code: String, text: String) -> [ManifestCall] {
    Pattern(#"\.\#(name)\s*\("#).matches(in: code).compactMap { match in
      guard let close = code.closingBracket(from: match.range.upperBound - 1) else { return nil }
      let range = match.range.lowerBound..<close + 1
      return ManifestCall(range: range, text: text.utf16Text(range))
    }
  }

  /// The string argument labelled `label` (`name:`, `package:`) and its range in the text.
  func argument(_ label: String) -> (value: String, range: Range<Int>)? {
    guard let match = Pattern(#"\b\#(label)\s*:\s*"([^"]*)""#).matches(in: text).first else { return nil }
    let value = match.groups[0]!
    return (text.utf16Text(value), range.lowerBound + value.lowerBound..<range.lowerBound + value.upperBound)
  }
}

/// A `.package(…)` entry of a manifest.
struct PackageReference {
  let call: ManifestCall
  /// The `url:` or `path:` argument.
  let location: String
  let isPath: Bool

  /// SwiftPM's name for it in `package:` arguments: the location's last component.
  var identity: String {
    let last = location.split(separator: "/").last.map(String.init) ?? location
    return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
  }

  /// The manifest's package references, in order.
  static func all(code: String, text: String) -> [PackageReference] {
    ManifestCall.all("package", code: code, text: text).compactMap { call in
      if let url = call.argument("url") { return PackageReference(call: call, location: url.value, isPath: false) }
      if let path = call.argument("path") { return PackageReference(call: call, location: path.value, isPath: true) }
      return nil
    }
  }
}

extension String {
  /// The range that removes the element at `range` from the list it is in: its whole line when
  /// nothing else is on it, else with its trailing comma, or the comma before it.
  func listEntryRange(_ range: Range<Int>) -> Range<Int> {
    let line = lineRange(containing: range.lowerBound)
    let element = utf16Text(range)
    let rest = utf16Text(line).trimmingCharacters(in: .whitespacesAndNewlines)
    if rest == element || rest == element + "," { return line }
    let after = utf16Text(range.upperBound..<min(range.upperBound + 2, utf16.count))
    if after.hasPrefix(", ") { return range.lowerBound..<range.upperBound + 2 }
    if after.hasPrefix(",") { return range.lowerBound..<range.upperBound + 1 }
    let before = utf16Text(line.lowerBound..<range.lowerBound)
    if let comma = before.range(of: #",[ \t]*$"#, options: .regularExpression) {
      return range.lowerBound - before[comma].utf16.count..<range.upperBound
    }
    return range
  }

  /// Whether `range` is an element of an array literal: a `[` or `,` before it and a `,` or `]`
  /// after it (in masked code, past blanks and line breaks).
  func isListElement(_ range: Range<Int>) -> Bool {
    let units = Array(utf16)
    var before = range.lowerBound - 1
    while before >= 0, [0x20, 0x09, 0x0A].contains(units[before]) { before -= 1 }
    var after = range.upperBound
    while after < units.count, [0x20, 0x09, 0x0A].contains(units[after]) { after += 1 }
    return before >= 0 && after < units.count && [0x5B, 0x2C].contains(units[before])
      && [0x2C, 0x5D].contains(units[after])
  }
}
