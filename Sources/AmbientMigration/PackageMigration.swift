package import Foundation

/// The migration of a whole package from swift-dependencies to Ambient: every Swift file and
/// the manifest, computed without writing anything; ``apply()`` writes it.
package struct PackageMigration {
  /// A file whose text the migration changes.
  package struct FileChange: Sendable {
    /// The file, relative to the package's root.
    package let path: String
    package let original: String
    package let migrated: String
  }

  /// A package the migration cannot read.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String
  }

  package let root: URL
  /// The files that change, in path order.
  package private(set) var changes: [FileChange] = []
  /// Every change made and every difference left, in file and line order.
  package private(set) var findings: [Finding] = []

  /// The number of changes the migration makes.
  package var changeCount: Int { findings.filter { $0.difference.handling == .rewritten }.count }
  /// The number of differences it leaves.
  package var differenceCount: Int { findings.filter { $0.difference.handling == .reported }.count }

  /// Reads the package at `root` and computes its migration.
  ///
  /// - Parameters:
  ///   - ambientPath: An Ambient checkout the manifest should depend on when it has no Ambient.
  ///   - ambientIdentity: Ambient's package identity in the manifest, when the caller knows it.
  package init(root: URL, ambientPath: String? = nil, ambientIdentity: String? = nil) throws {
    self.root = root.standardizedFileURL
    let manifestURL = self.root.appendingPathComponent(ManifestMigration.path)
    guard let manifest = try? String(contentsOf: manifestURL, encoding: .utf8) else {
      throw Failure(description: "No Package.swift in \(self.root.path): pass the directory of the package to migrate.")
    }
    let files = try Self.swiftFiles(in: self.root)
    var sources: [(path: String, text: String, masked: MaskedSource?)] = []
    for path in files {
      let text = try String(contentsOf: self.root.appendingPathComponent(path), encoding: .utf8)
      sources.append((path, text, MaskedSource(text)))
    }
    var facts = PackageFacts()
    facts.declaredOverlayModules = ManifestMigration.declaredOverlayModules(in: manifest)
    let ownType = Pattern(#"\b(struct|enum|class|typealias|actor|protocol)[ \t]+Dependencies\b"#)
    let labelledCall = Pattern(#"\.(\w+)\((\w+):"#)
    for source in sources {
      guard let code = source.masked?.code else { continue }
      if ownType.isFound(in: code) { facts.declaresDependenciesType = true }
      for match in labelledCall.matches(in: code) {
        facts.labelledCalls.insert("\(code.utf16Text(match.groups[0]!))(\(code.utf16Text(match.groups[1]!)):")
      }
    }
    let targets = TargetLayout(manifest: manifest)
    var urlSessionTargets: Set<String> = []
    for source in sources {
      guard let migration = SwiftFileMigration(path: source.path, text: source.text, facts: facts) else {
        findings.append(
          Finding(path: source.path, line: 0, difference: .named("unparsed-file"), detail: "not read with confidence"))
        continue
      }
      findings += migration.findings
      if migration.usesURLSession, let target = targets.target(containing: source.path) {
        urlSessionTargets.insert(target)
      }
      if migration.text != source.text {
        changes.append(FileChange(path: source.path, original: source.text, migrated: migration.text))
      }
    }
    if let migration = ManifestMigration(
      text: manifest, root: self.root, ambientPath: ambientPath, ambientIdentity: ambientIdentity,
      urlSessionTargets: urlSessionTargets)
    {
      findings += migration.findings
      if migration.text != manifest {
        changes.insert(FileChange(path: ManifestMigration.path, original: manifest, migrated: migration.text), at: 0)
      }
    } else {
      findings.append(
        Finding(
          path: ManifestMigration.path, line: 0, difference: .named("unparsed-file"), detail: "not read with confidence"
        ))
    }
    findings.sort()
  }

  /// Writes every changed file.
  package func apply() throws {
    for change in changes {
      try change.migrated.write(to: root.appendingPathComponent(change.path), atomically: true, encoding: .utf8)
    }
  }

  /// The Swift files of the package, relative to `root`, in order: hidden directories, build
  /// directories and nested packages (fixtures) are skipped, and so are the manifests.
  static func swiftFiles(in root: URL) throws -> [String] {
    let manager = FileManager.default
    var found: [String] = []
    var pending = [""]
    while let directory = pending.popLast() {
      let url = directory.isEmpty ? root : root.appendingPathComponent(directory)
      for name in try manager.contentsOfDirectory(atPath: url.path) {
        if name.hasPrefix(".") { continue }
        let path = directory.isEmpty ? name : "\(directory)/\(name)"
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory) else {
          continue
        }
        if isDirectory.boolValue {
          let nested = manager.fileExists(atPath: root.appendingPathComponent("\(path)/Package.swift").path)
          if !nested { pending.append(path) }
        } else if name.hasSuffix(".swift"), !(directory.isEmpty && name.hasPrefix("Package")) {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }
}
