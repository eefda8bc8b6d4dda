package import Foundation

/// The migration of a whole package from swift-dependencies to Ambient: every Swift file and
/// every manifest, computed without writing anything; ``apply()`` writes it, unless something
/// holds it back (a manifest that would not load, or no Ambient to depend on), since a package
/// half migrated builds neither way.
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
  /// The files that change, manifests first, in path order.
  package private(set) var changes: [FileChange] = []
  /// Every change made and every difference left, in file and line order.
  package private(set) var findings: [Finding] = []

  /// The rows that hold back every change: written alone, the other changes would leave a
  /// package that builds neither with swift-dependencies nor with Ambient.
  static let blockingRows: Set<String> = ["manifest-load", "ambient-missing"]

  /// Whether ``apply()`` writes nothing: a manifest would not load, has no Ambient to depend
  /// on, or cannot be read.
  package var isHeldBack: Bool {
    findings.contains { finding in
      Self.blockingRows.contains(finding.difference.id)
        || (finding.difference.id == "unparsed-file" && PackageManifests.isManifest(finding.path))
    }
  }

  /// Reads the package at `root` and computes its migration, then asks `check` whether each
  /// rewritten manifest loads.
  ///
  /// - Parameters:
  ///   - ambientPath: An Ambient checkout the manifest should depend on when it has no Ambient.
  ///   - ambientIdentity: Ambient's package identity in the manifest, when the caller knows it.
  package init(root: URL, ambientPath: String? = nil, ambientIdentity: String? = nil, check: ManifestCheck) throws {
    self.root = root.standardizedFileURL
    let manifests = try PackageManifests(root: self.root).paths.map { path in
      (path: path, text: try String(contentsOf: self.root.appendingPathComponent(path), encoding: .utf8))
    }
    var sources: [(path: String, text: String)] = []
    for path in try Self.swiftFiles(in: self.root) {
      sources.append((path, try String(contentsOf: self.root.appendingPathComponent(path), encoding: .utf8)))
    }
    let references = manifests.flatMap { manifest in
      MaskedSource(manifest.text).map { PackageReference.all(code: $0.code, text: manifest.text) } ?? []
    }
    let facts = PackageFacts(references: references, sources: sources.map(\.text), root: self.root)
    let targets = TargetLayout(manifests: manifests.map(\.text))
    var urlSessionTargets: Set<String> = []
    for source in sources {
      guard let migration = SwiftFileMigration(path: source.path, text: source.text, facts: facts) else {
        findings.append(unreadable(source.path))
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
    let context = Self.context(
      references: references, root: self.root, ambientPath: ambientPath, ambientIdentity: ambientIdentity,
      urlSessionTargets: urlSessionTargets, issueReportingPackage: facts.package(of: "IssueReporting"))
    let oldManifests = Set(PackageManifests(paths: manifests.map(\.path)).readOnlyBeforeSwift6)
    var manifestChanges: [FileChange] = []
    // SwiftPM names the package in its errors by its directory.
    let rootName = self.root.path.split(separator: "/").last.map(String.init) ?? "package"
    for manifest in manifests {
      guard var migration = ManifestMigration(path: manifest.path, text: manifest.text, context: context) else {
        findings.append(unreadable(manifest.path))
        continue
      }
      let changed = migration.text != manifest.text
      if oldManifests.contains(manifest.path) && (changed || migration.text.contains("\"\(context.ambientIdentity)\""))
      {
        migration.adviseOldToolchains()
      }
      if changed {
        migration.check(original: manifest.text, rootName: rootName, with: check)
        manifestChanges.append(FileChange(path: manifest.path, original: manifest.text, migrated: migration.text))
      }
      findings += migration.findings
    }
    changes.insert(contentsOf: manifestChanges, at: 0)
    findings.sort()
  }

  private func unreadable(_ path: String) -> Finding {
    Finding(path: path, line: 0, difference: .named("unparsed-file"), detail: "not read with confidence")
  }

  /// Ambient's identity and the reference a manifest without one gets: the manifests' own, or
  /// the checkout at `ambientPath`.
  private static func context(
    references: [PackageReference], root: URL, ambientPath: String?, ambientIdentity: String?,
    urlSessionTargets: Set<String>, issueReportingPackage: String
  ) -> ManifestMigration.Context {
    let ambient =
      references.first { $0.identity.lowercased() == ambientIdentity?.lowercased() }
      ?? references.first { $0.identity.lowercased() == "ambient" }
      ?? references.first { ref in
        ambientPath.map { ref.isPath && URL(fileURLWithPath: $0).lastPathComponent == ref.identity } ?? false
      }
    let identity = ambient?.identity ?? ambientPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Ambient"
    return ManifestMigration.Context(
      root: root, ambientIdentity: identity,
      ambientReference: ambient?.call.text ?? ambientPath.map { ".package(path: \"\($0)\")" },
      urlSessionTargets: urlSessionTargets, issueReportingPackage: issueReportingPackage)
  }

  /// Writes every changed file, unless the migration is held back; returns whether it wrote.
  @discardableResult
  package func apply() throws -> Bool {
    guard !isHeldBack else { return false }
    for change in changes {
      try change.migrated.write(to: root.appendingPathComponent(change.path), atomically: true, encoding: .utf8)
    }
    return true
  }
}
