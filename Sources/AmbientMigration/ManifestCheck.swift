import Foundation

/// Whether a rewritten manifest loads, asked of SwiftPM before anything is written: the
/// manifest goes alone into a temporary directory as `Package.swift`, and
/// `swift package dump-package` compiles it, runs it and checks that every product it names
/// comes from a package it declares. It resolves nothing, so it needs no network and no
/// dependency on disk.
package struct ManifestCheck: Sendable {
  /// SwiftPM's first error for the manifest `text` of the package in a directory named `name`,
  /// or `nil` when it loads; throws when SwiftPM cannot be run.
  let load: @Sendable (_ text: String, _ name: String) throws -> String?

  /// A check that answers with `load` (tests give one that needs no SwiftPM).
  package init(load: @escaping @Sendable (_ text: String, _ name: String) throws -> String?) {
    self.load = load
  }

  /// The check by SwiftPM, run as `swift` (the path the plugin gives, or `swift` on the
  /// `PATH`). Everything SwiftPM writes (its caches, its configuration, the manifest's build)
  /// goes to the temporary directory, which a command plugin's sandbox lets it write, and
  /// SwiftPM's own sandbox is off, since macOS does not nest sandboxes. SwiftPM that has not
  /// answered within `timeLimit` seconds is stopped, and the check fails.
  package static func swiftPM(swift: String?, timeLimit: Int = 300) -> ManifestCheck {
    ManifestCheck { text, name in
      let manager = FileManager.default
      let scratch = manager.temporaryDirectory.appendingPathComponent("ambient-migrate-\(UUID().uuidString)")
      let package = scratch.appendingPathComponent(name)
      try manager.createDirectory(at: package, withIntermediateDirectories: true)
      defer { try? manager.removeItem(at: scratch) }
      let manifest = package.appendingPathComponent("Package.swift")
      try text.write(to: manifest, atomically: true, encoding: .utf8)
      let process = Process()
      let arguments = [
        "package", "--package-path", package.path, "--scratch-path", scratch.appendingPathComponent("build").path,
        "--cache-path", scratch.appendingPathComponent("cache").path,
        "--config-path", scratch.appendingPathComponent("configuration").path,
        "--security-path", scratch.appendingPathComponent("security").path,
        "--manifest-cache", "none", "--disable-sandbox", "dump-package",
      ]
      if let swift {
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = arguments
      } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
      }
      process.standardOutput = FileHandle.nullDevice
      // A file rather than a pipe: SwiftPM never waits for a reader, however much it says.
      let errors = scratch.appendingPathComponent("errors.txt")
      try Data().write(to: errors)
      let errorHandle = try FileHandle(forWritingTo: errors)
      defer { try? errorHandle.close() }
      process.standardError = errorHandle
      let finished = DispatchSemaphore(value: 0)
      process.terminationHandler = { _ in finished.signal() }
      do {
        try process.run()
      } catch {
        throw PackageMigration.Failure(description: "could not run \(swift ?? "swift"): \(error)")
      }
      guard finished.wait(timeout: .now() + .seconds(timeLimit)) == .success else {
        process.terminate()
        throw PackageMigration.Failure(description: "`swift package dump-package` did not answer in \(timeLimit) s")
      }
      let output = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      if process.terminationStatus == 0 { return nil }
      // `env` says 127 when it finds no `swift`.
      if swift == nil && process.terminationStatus == 127 {
        throw PackageMigration.Failure(description: "found no `swift` on the PATH")
      }
      return firstError(in: output, manifest: manifest.path)
    }
  }

  /// The line of SwiftPM's output that says what is wrong: the compiler's first error in the
  /// manifest, else SwiftPM's first error, with the temporary path taken out.
  static func firstError(in output: String, manifest: String) -> String {
    let lines = output.split(separator: "\n").map {
      String($0).replacingOccurrences(of: manifest, with: "Package.swift")
    }
    let compiler = lines.first { $0.hasPrefix("Package.swift:") && $0.contains(": error: ") }
    let swiftPM = lines.first {
      $0.hasPrefix("error: ") && !$0.contains("Invalid manifest") && !$0.contains("invalid manifests")
    }
    let line = compiler ?? swiftPM ?? lines.first { !$0.trimmingSpaces.isEmpty } ?? "SwiftPM did not say why"
    return String(
      line.replacingOccurrences(of: #"^error: '[^']*': "#, with: "", options: .regularExpression).prefix(300))
  }
}
