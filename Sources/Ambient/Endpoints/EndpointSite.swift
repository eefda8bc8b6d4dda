import Foundation

/// Where an ``Endpoint`` was declared, and the name its unimplemented body reports.
struct EndpointSite: Sendable {
  let name: String?
  let fileID: StaticString
  let filePath: StaticString
  let function: StaticString
  let line: UInt
  let column: UInt

  /// Reports the call of an unimplemented endpoint; returns the error a throwing one throws.
  @discardableResult
  func report() -> UnimplementedFailure {
    UnimplementedCall(resolvedName, fileID, filePath, function, line, column).report()
  }

  /// `APIClient.fetchItems`: the explicit name, else the owner and the declared property.
  var resolvedName: String {
    if let name { return name }
    let owner = "\(function)"
    guard let property = EndpointSite.declaredProperty(in: "\(filePath)", line: Int(line)) else {
      return "\(owner) endpoint declared at \(fileID):\(line)"
    }
    // `#function` is the enclosing type's name in a property initialiser; should a compiler
    // ever give the property's name instead, don't say it twice.
    return owner == property ? property : "\(owner).\(property)"
  }

  /// The first `var` declared on `line` or the few lines after it (an attribute may stand on a
  /// line of its own), read from the source file; `nil` when the source is not on this machine.
  static func declaredProperty(in path: String, line: Int) -> String? {
    guard let text = SourceText.lines(of: path, from: line, count: 4) else { return nil }
    let pattern = #"\bvar\s+`?([A-Za-z_][A-Za-z0-9_]*)"#
    guard let expression = try? NSRegularExpression(pattern: pattern),
      let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }
}
