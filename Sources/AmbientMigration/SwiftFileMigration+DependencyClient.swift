import Foundation

extension SwiftFileMigration {
  /// `@DependencyClient struct Client { var endpoint: (…) -> … }` loses the macro: each endpoint
  /// without a default gets `unimplemented("Client.endpoint")`, so `Client()` is the
  /// unimplemented value as before, and each labelled method the code calls is written in an
  /// extension. A client of another shape keeps its attribute and is reported, so the report
  /// lists it on every run until it is ported by hand.
  mutating func rewriteDependencyClients() {
    let client = Pattern(#"@DependencyClient\b([^{]*?)\bstruct[ \t]+(\w+)([^{]*)\{"#)
    var left = 0
    while let match = client.matches(in: code).dropFirst(left).first {
      if let reason = rewriteDependencyClient(match) {
        record("dependency-client-shape", at: match.range.lowerBound, "`@DependencyClient`: \(reason)")
        left += 1
      }
    }
    let reported = Set(client.matches(in: code).map(\.range.lowerBound))
    for match in Pattern(#"@DependencyClient\b"#).matches(in: code) where !reported.contains(match.range.lowerBound) {
      record("dependency-client-shape", at: match.range.lowerBound, "`@DependencyClient`")
    }
  }

  /// Rewrites one client, or leaves it and says why its shape is not one the tool writes.
  private mutating func rewriteDependencyClient(_ match: Pattern.Match) -> String? {
    let code = self.code
    let client = code.utf16Text(match.groups[1]!)
    let access = code.utf16Text(match.groups[0]!).contains("public") ? "public " : ""
    let open = match.range.upperBound - 1
    guard !code.utf16Text(match.groups[2]!).contains("<"), let close = code.closingBracket(from: open) else {
      return "`\(client)` is generic"
    }
    var edits: [Edit] = []
    var methods: [String] = []
    // The properties, for the public initialiser the macro wrote for a public client.
    var members: [(name: String, type: String, value: String)] = []
    var lineStart = open + 1
    var depth = 0
    let units = Array(code.utf16)
    // Each line that starts and ends at the body's top level is one declaration.
    while lineStart < close {
      var lineEnd = lineStart
      let startDepth = depth
      while lineEnd < close, units[lineEnd] != 0x0A {
        switch units[lineEnd] {
        case 0x28, 0x5B, 0x7B: depth += 1
        case 0x29, 0x5D, 0x7D: depth -= 1
        default: break
        }
        lineEnd += 1
      }
      defer { lineStart = lineEnd + 1 }
      guard startDepth == 0 else { continue }
      let line = code.utf16Text(lineStart..<lineEnd)
      if Pattern(#"^[ \t]*((public|package|internal)[ \t]+)?init\b"#).isFound(in: line) {
        return "`\(client)` has an initialiser of its own"
      }
      let declaration = Pattern(
        #"^([ \t]*)((?:(?:public|package|internal|fileprivate|private)[ \t]+)?)(var|let)[ \t]+(\w+)[ \t]*:[ \t]*(.+?)[ \t]*$"#
      )
      guard let property = declaration.matches(in: line).first else { continue }
      guard depth == 0 else {
        if access == "public " { return "a default of `\(client)` spans lines, so its `public init` is not written" }
        continue
      }
      let name = line.utf16Text(property.groups[3]!)
      let type = line.utf16Text(property.groups[4]!)
      if let equals = type.range(of: " = ") {  // a default of its own, which the macro kept
        let typeEnd =
          lineStart + property.groups[4]!.lowerBound + type.utf16.distance(from: type.startIndex, to: equals.lowerBound)
        let value = text.utf16Text(typeEnd + 3..<lineStart + property.groups[4]!.upperBound)
        members.append((name, String(type[..<equals.lowerBound]), value))
        continue
      }
      guard line.utf16Text(property.groups[2]!) == "var", let endpoint = ClientEndpoint(name: name, type: type) else {
        return "`\(client).\(name)` is not a closure the tool reads (`\(type)`)"
      }
      let implementation = endpoint.unimplementedDefault(client: client)
      let end = lineStart + property.groups[4]!.upperBound
      members.append((name, type, implementation))
      edits.append(
        Edit(
          range: end..<end, replacement: " = \(implementation)", id: "dependency-client",
          detail: "`\(client).\(name)` defaults to `\(implementation)`"))
      if let call = endpoint.labelledCall, facts.labelledCalls.contains(call),
        let method = endpoint.labelledMethod(access: access, indent: "  ")
      {
        methods.append(method)
        // An edit that changes nothing here, so the change is recorded only if the client is.
        let place = lineStart + property.groups[3]!.lowerBound
        edits.append(
          Edit(
            range: place..<place, replacement: "", id: "dependency-client",
            detail: "`\(client).\(call)…)` written, which the code calls"))
      }
    }
    if access == "public " {
      // In the body, where it replaces the memberwise initialiser instead of clashing with it.
      let closingLine = code.lineRange(containing: close).lowerBound
      edits.append(
        Edit(
          range: closingLine..<closingLine, replacement: "\n" + Self.publicInitialiser(members) + "\n",
          id: "dependency-client", detail: ""))
      record("dependency-client", at: open, "`public init` written for `\(client)`, as the macro did")
    }
    if !methods.isEmpty {
      let extensionText = "\n\nextension \(client) {\n" + methods.joined(separator: "\n\n") + "\n}"
      edits.append(Edit(range: close + 1..<close + 1, replacement: extensionText, id: "dependency-client", detail: ""))
    }
    // The attribute goes with its line when nothing else is on it.
    let attribute = match.range.lowerBound..<match.range.lowerBound + 17
    let attributeLine = code.lineRange(containing: attribute.lowerBound)
    let alone = code.utf16Text(attributeLine).trimmingCharacters(in: .whitespacesAndNewlines) == "@DependencyClient"
    let removal = alone ? attributeLine : attribute.lowerBound..<attribute.upperBound + 1
    // Part of the endpoints' changes: the attribute alone is not a change of its own.
    apply(edits + [Edit(range: removal, replacement: "", id: "dependency-client", detail: "")])
    return nil
  }

  /// The initialiser the macro gave a public client: every endpoint a parameter with its default.
  private static func publicInitialiser(_ members: [(name: String, type: String, value: String)]) -> String {
    let parameters = members.map { member in
      let type = member.type.hasPrefix("@escaping") ? member.type : "@escaping \(member.type)"
      return "    \(member.name): \(type) = \(member.value)"
    }
    let assignments = members.map { "    self.\($0.name) = \($0.name)" }
    return "  public init(\n" + parameters.joined(separator: ",\n") + "\n  ) {\n" + assignments.joined(separator: "\n")
      + "\n  }"
  }
}
