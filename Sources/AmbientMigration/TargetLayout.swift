/// Which directory each target of a package's manifests compiles: its `path:`, or SwiftPM's
/// default (`Sources/Name`, `Tests/Name` for test targets).
struct TargetLayout {
  private var directories: [(target: String, directory: String)] = []

  init(manifests: [String]) {
    for manifest in manifests { read(manifest) }
  }

  private mutating func read(_ manifest: String) {
    let code = MaskedSource(manifest)?.code ?? manifest
    for match in Pattern(#"\.(target|executableTarget|testTarget|macro)\s*\("#).matches(in: code) {
      guard let close = code.closingBracket(from: match.range.upperBound - 1) else { continue }
      let call = manifest.utf16Text(match.range.lowerBound..<close + 1)
      guard let name = Pattern(#"name:\s*"([^"]+)""#).matches(in: call).first else { continue }
      let target = call.utf16Text(name.groups[0]!)
      let kind = code.utf16Text(match.groups[0]!)
      let path = Pattern(#"path:\s*"([^"]+)""#).matches(in: call).first.map { call.utf16Text($0.groups[0]!) }
      let directory = path ?? (kind == "testTarget" ? "Tests/\(target)" : "Sources/\(target)")
      directories.append((target, directory.hasSuffix("/") ? String(directory.dropLast()) : directory))
    }
  }

  /// The target whose directory holds `path`.
  func target(containing path: String) -> String? {
    directories.filter { path.hasPrefix($0.directory + "/") }.max { $0.directory.count < $1.directory.count }?.target
  }
}
