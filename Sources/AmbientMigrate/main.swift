import AmbientMigration
import Foundation

// `ambient-migrate [PACKAGE] [--apply] [--ambient-path PATH] [--ambient-identity NAME] [--swift PATH]`:
// the migration from swift-dependencies, run on a package (by default the current directory).
// The `migrate-to-ambient` command plugin runs this tool in the user's package.

let usage = """
  Usage: ambient-migrate [PACKAGE-DIRECTORY] [--apply] [--ambient-path PATH] [--ambient-identity NAME]
                         [--swift PATH]
         ambient-migrate --guide-table

  Ports a package from swift-dependencies to Ambient. By default a dry run: prints each change
  as a unified diff, then every change and every difference left with its file, line and fix,
  and closes with the counts: changes, differences to fix (certain), and to check (possible).
  Each rewritten manifest is loaded by `swift package dump-package` first; if one would not
  load, nothing is written and the command exits with status 1.
    --apply              write the changes
    --ambient-path PATH  depend on the Ambient checkout at PATH when the manifest has no Ambient
    --ambient-identity   Ambient's package identity in the manifest (the plugin passes it)
    --swift PATH         the `swift` that checks the manifests (default: `swift` on the PATH)
    --guide-table        print the migration guide's table of what the tool rewrites and reports
  """

var arguments = Array(CommandLine.arguments.dropFirst())
var apply = false
var ambientPath: String?
var ambientIdentity: String?
var swift: String?
var directory: String?
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--apply": apply = true
  case "--ambient-path" where !arguments.isEmpty:
    // Absolute, since the manifest it is written into is elsewhere; its last component is the
    // identity the products name.
    ambientPath = URL(fileURLWithPath: arguments.removeFirst()).standardizedFileURL.path
  case "--ambient-identity" where !arguments.isEmpty: ambientIdentity = arguments.removeFirst()
  case "--swift" where !arguments.isEmpty: swift = arguments.removeFirst()
  case "--guide-table":
    print(GuideTable.markdown)
    exit(0)
  case "-h", "--help":
    print(usage)
    exit(0)
  case _ where !argument.hasPrefix("-") && directory == nil: directory = argument
  default:
    FileHandle.standardError.write(Data("ambient-migrate: unknown argument \(argument)\n\n\(usage)\n".utf8))
    exit(2)
  }
}

do {
  let root = URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath)
  let migration = try PackageMigration(
    root: root, ambientPath: ambientPath, ambientIdentity: ambientIdentity, check: .swiftPM(swift: swift))
  let outcome: MigrationReport.Outcome = !apply ? .dryRun : try migration.apply() ? .applied : .heldBack
  print(MigrationReport(migration, outcome: outcome).text)
  if outcome == .heldBack { exit(1) }
} catch {
  FileHandle.standardError.write(Data("ambient-migrate: \(error)\n".utf8))
  exit(1)
}
