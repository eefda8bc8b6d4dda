import Foundation
import PackagePlugin

/// `swift package migrate-to-ambient [--apply]`: runs `ambient-migrate` on the package, which
/// depends on Ambient beside swift-dependencies. A dry run prints the diffs and the report;
/// `--apply` (with `--allow-writing-to-package-directory`) writes the changes, unless a
/// rewritten manifest would not load, when nothing is written.
@main
struct MigrateToAmbient: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "AmbientMigrate")
    var toolArguments = [context.package.directoryURL.path] + arguments
    // The rewritten products name Ambient by the identity this package knows it by (the last
    // component of its URL or path), whatever the checkout is called.
    let ambient = context.package.dependencies.first { dependency in
      dependency.package.products.contains { $0.name == "AmbientTesting" }
    }
    if let ambient, !arguments.contains("--ambient-identity") {
      toolArguments += ["--ambient-identity", ambient.package.id]
    }
    // The tool asks SwiftPM whether each rewritten manifest loads before it writes: with the
    // toolchain's `swift`, which SwiftPM lets a plugin find among the toolchain's tools. The
    // check writes only to the temporary directory, which the plugin's sandbox allows.
    if !arguments.contains("--swift"), let swift = try? context.tool(named: "swift") {
      toolArguments += ["--swift", swift.url.path]
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw MigrationFailed(status: process.terminationStatus)
    }
  }
}

/// The tool stopped with an error, which it printed.
struct MigrationFailed: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "ambient-migrate stopped with status \(status); its message is above." }
}
