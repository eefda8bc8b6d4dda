import Foundation

/// A package's manifests: `Package.swift` and each `Package@swift-X.Y.swift` beside it, of which
/// SwiftPM reads the one for the newest Swift version not above its own (`Package.swift` when
/// none is).
struct PackageManifests {
  /// The manifests' paths, relative to the package's root, `Package.swift` first.
  let paths: [String]

  /// Whether `name` is a manifest's file name.
  static func isManifest(_ name: String) -> Bool {
    name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
  }

  init(paths: [String]) { self.paths = paths }

  /// The manifests in `root`; throws when it has no `Package.swift`.
  init(root: URL) throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    guard names.contains("Package.swift") else {
      throw PackageMigration.Failure(
        description: "No Package.swift in \(root.path): pass the directory of the package to migrate.")
    }
    paths = ["Package.swift"] + names.filter { Self.isManifest($0) && $0 != "Package.swift" }.sorted()
  }

  /// The Swift version of a `Package@swift-X.Y.swift` (`[6, 0]`); `nil` for `Package.swift`.
  static func version(of path: String) -> [Int]? {
    guard path.hasPrefix("Package@swift-") else { return nil }
    let version = path.dropFirst("Package@swift-".count).dropLast(".swift".count)
    let parts = version.split(separator: ".").map { Int($0) }
    return parts.contains(nil) || parts.isEmpty ? nil : parts.compactMap { $0 }
  }

  /// The manifests that only toolchains before Swift 6.0 read: SwiftPM 6 and later read a
  /// manifest for a newer version.
  var readOnlyBeforeSwift6: [String] {
    let versions = paths.compactMap(Self.version(of:))
    return paths.filter { path in
      let own = Self.version(of: path) ?? [0]
      // Toolchains stop reading this manifest at the next version up that has one.
      let next = versions.filter { Self.precedes(own, $0) }.min(by: Self.precedes)
      return next.map { !Self.precedes([6], $0) } ?? false
    }
  }

  /// Whether version `a` is older than `b` (`[5, 9]` before `[6]`).
  static func precedes(_ a: [Int], _ b: [Int]) -> Bool {
    let padded = { (version: [Int]) in version + Array(repeating: 0, count: max(0, 3 - version.count)) }
    return padded(a).lexicographicallyPrecedes(padded(b))
  }
}
