import Foundation

extension PackageMigration {
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
        } else if name.hasSuffix(".swift"), !(directory.isEmpty && PackageManifests.isManifest(name)) {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }
}
