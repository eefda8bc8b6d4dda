import Foundation

extension PackageFacts {
  /// The facts of a package: its manifests' `references`, the text of its Swift files, and its
  /// Package.resolved in `root`.
  init(references: [PackageReference], sources: [String], root: URL) {
    let modules = [
      "xctest-dynamic-overlay": ["XCTestDynamicOverlay", "IssueReporting"],
      "swift-issue-reporting": ["XCTestDynamicOverlay", "IssueReporting"],
      "swift-concurrency-extras": ["ConcurrencyExtras"],
    ]
    for reference in references {
      for module in modules[reference.identity.lowercased()] ?? [] {
        declaredOverlayModules.insert(module)
        overlayPackages[module] = reference.identity
      }
    }
    // A package the manifest does not name is named as the resolved graph names it.
    for identity in Self.resolvedIdentities(in: root) {
      for module in modules[identity] ?? [] where overlayPackages[module] == nil { overlayPackages[module] = identity }
    }
    let ownType = Pattern(#"\b(struct|enum|class|typealias|actor|protocol)[ \t]+Dependencies\b"#)
    let labelledCall = Pattern(#"\.(\w+)\((\w+):"#)
    let lacked = SwiftFileMigration.namesAmbientLacks.map(\.name).joined(separator: "|")
    let declaration = Pattern(#"\b(?:struct|enum|class|typealias|actor|protocol|func|var|let)[ \t]+(\#(lacked))\b"#)
    for source in sources {
      guard let code = MaskedSource(source)?.code else { continue }
      if ownType.isFound(in: code) { declaresDependenciesType = true }
      for match in labelledCall.matches(in: code) {
        labelledCalls.insert("\(code.utf16Text(match.groups[0]!))(\(code.utf16Text(match.groups[1]!)):")
      }
      for match in declaration.matches(in: code) { declaredNames.insert(code.utf16Text(match.groups[0]!)) }
    }
  }

  /// The package identities Package.resolved pins, or none when the package was not resolved.
  static func resolvedIdentities(in root: URL) -> [String] {
    guard let data = try? Data(contentsOf: root.appendingPathComponent("Package.resolved")),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    // Version 1 nests the pins under `object` and names them `package`.
    let pins = (object["pins"] ?? (object["object"] as? [String: Any])?["pins"]) as? [[String: Any]] ?? []
    return pins.compactMap { ($0["identity"] as? String) ?? ($0["package"] as? String)?.lowercased() }
  }
}
