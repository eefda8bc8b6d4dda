import Foundation

/// One closure property of a `@DependencyClient` struct, read from its declaration line:
/// `var fetch: @Sendable (_ id: Int) async throws -> Item`.
struct ClientEndpoint {
  /// One parameter of the closure type: its name when the type gives one (`_ id: Int`).
  struct Parameter {
    let label: String?
    let type: String
  }

  let name: String
  let parameters: [Parameter]
  let isAsync: Bool
  let isThrowing: Bool
  let result: String

  /// Reads `type` (the declaration's type, attributes included), or returns `nil` when it is not
  /// a closure type the tool understands.
  init?(name: String, type: String) {
    var rest = Substring(type)
    // Attributes of the function type: `@Sendable`, `@MainActor`, `@escaping`.
    while rest.hasPrefix("@") {
      guard let space = rest.firstIndex(where: { $0 == " " }) else { return nil }
      rest = rest[space...].drop { $0 == " " }
    }
    let text = String(rest)
    guard text.hasPrefix("("), let close = text.closingBracket(from: 0) else { return nil }
    let inside = text.utf16Text(1..<close)
    let after = text.utf16Text(close + 1..<(text as NSString).length)
    let effects = Pattern(#"^[ \t]*(async)?[ \t]*(throws(?:\([^)]*\))?)?[ \t]*->[ \t]*(.+)$"#).matches(in: after)
    guard let match = effects.first else { return nil }
    self.name = name
    self.isAsync = match.groups[0] != nil
    self.isThrowing = match.groups[1] != nil
    self.result = after.utf16Text(match.groups[2]!).trimmingSpaces
    self.parameters = Self.split(inside).map { parameter in
      let labelled = Pattern(#"^_[ \t]+(\w+)[ \t]*:[ \t]*(.+)$"#).matches(in: parameter)
      guard let match = labelled.first else { return Parameter(label: nil, type: parameter) }
      return Parameter(
        label: parameter.utf16Text(match.groups[0]!), type: parameter.utf16Text(match.groups[1]!).trimmingSpaces)
    }
  }

  /// The closure's unimplemented default; where its result needs a placeholder the tool cannot
  /// choose, an editor placeholder (`<#Mode#>`) that stops the build there until it is filled.
  func unimplementedDefault(client: String) -> String {
    let description = "\"\(client).\(name)\""
    if isThrowing { return "unimplemented(\(description))" }
    let placeholder = Self.placeholder(for: result) ?? "<#\(result)#>"
    if placeholder == "()" && !isAsync { return "unimplemented(\(description))" }
    return "unimplemented(\(description), placeholder: \(placeholder))"
  }

  /// The method the macro generated for labelled parameters, `func fetch(id: Int) async throws
  /// -> Item`, calling the closure; `nil` when the first parameter has no label.
  func labelledMethod(access: String, indent: String) -> String? {
    guard parameters.first?.label != nil else { return nil }
    let names = parameters.enumerated().map { $0.element.label ?? "p\($0.offset)" }
    let declared = zip(parameters, names).map { parameter, name in
      parameter.label == nil ? "_ \(name): \(parameter.type)" : "\(name): \(parameter.type)"
    }
    let effects = (isAsync ? " async" : "") + (isThrowing ? " throws" : "")
    let call = (isThrowing ? "try " : "") + (isAsync ? "await " : "") + "self.\(name)(\(names.joined(separator: ", ")))"
    return """
      \(indent)\(access)func \(name)(\(declared.joined(separator: ", ")))\(effects) -> \(result) {
      \(indent)  \(call)
      \(indent)}
      """
  }

  /// The call the code makes to the labelled method: `fetch(id:`.
  var labelledCall: String? { parameters.first?.label.map { "\(name)(\($0):" } }

  /// A value for a closure that returns `type` while unimplemented.
  static func placeholder(for type: String) -> String? {
    switch type {
    case "Void", "()": return "()"
    case "Bool": return "false"
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
      "CGFloat", "TimeInterval":
      return "0"
    case "String": return "\"\""
    default: break
    }
    if type.hasSuffix("?") || type.hasPrefix("Optional<") { return "nil" }
    if type.hasPrefix("["), type.hasSuffix("]") {
      return split(String(type.dropFirst().dropLast()), at: 0x3A).count > 1 ? "[:]" : "[]"
    }
    return nil
  }

  /// `text` split at its top-level commas (or `separator`), each part trimmed.
  static func split(_ text: String, at separator: UInt16 = 0x2C) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current: [UInt16] = []
    var previous: UInt16 = 0
    for unit in text.utf16 {
      switch unit {
      case 0x28, 0x5B, 0x7B, 0x3C: depth += 1
      case 0x3E where previous == 0x2D: break  // the `>` of `->`
      case 0x29, 0x5D, 0x7D, 0x3E: depth -= 1
      default: break
      }
      previous = unit
      if unit == separator && depth == 0 {
        parts.append(String(decoding: current, as: UTF16.self).trimmingSpaces)
        current = []
      } else {
        current.append(unit)
      }
    }
    let last = String(decoding: current, as: UTF16.self).trimmingSpaces
    if !last.isEmpty { parts.append(last) }
    return parts
  }
}
