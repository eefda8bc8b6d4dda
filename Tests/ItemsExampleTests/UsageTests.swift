import Foundation
import Testing

@testable import ItemsExample

/// `items --help` is the whole manual: it and the parser must agree.
@Suite struct UsageTests {
  /// Every option the parser takes, as the help spells it.
  static let options = [
    "--store PATH", "--preview", "--timeout SECONDS", "--max-size BYTES", "--dependency-graph FORMAT",
    "-AmbientProfile NAME", "-h, --help",
  ]
  /// A value each option that takes one accepts.
  static let values = ["--max-size": "1M", "--dependency-graph": "text", "-AmbientProfile": "offline"]

  @Test func theHelpNamesEveryCommandAliasOptionVariableAndExitStatus() {
    let documented =
      [
        "(none), list", "show ID", "favorite ID [STATE]", "'favourite' is the same command", "help ",
        "on, yes or true", "off, no or false", "--name VALUE and --name=VALUE are the same",
        "ITEMS_API_URL", "ITEMS_TIMEOUT", "AMBIENT_CONTEXT", "SWIFT_DEPENDENCIES_CONTEXT", "AMBIENT_PROFILE",
        "XDG_DATA_HOME",
        "EXIT STATUS", "\n  0  Success.", "\n  1  The command failed", "\n  2  The command line or environment",
      ] + Self.options
    for text in documented {
      #expect(Usage.text.contains(text), "the help does not mention \(text)")
    }
  }

  @Test func everyOptionInTheHelpIsAccepted() throws {
    let optionLines = Usage.text.components(separatedBy: "\n").filter { $0.hasPrefix("  -") }
    #expect(optionLines.count == Self.options.count)
    for line in optionLines {
      // "  --timeout SECONDS   …" → ["--timeout", "SECONDS"]; "  -h, --help" → ["-h"]
      let words = line.split(separator: " ").prefix(2).map(String.init)
      let name = words[0].trimmingCharacters(in: CharacterSet(charactersIn: ","))
      let takesValue = words.count > 1 && words[1] == words[1].uppercased()
      let arguments = takesValue ? [name, Self.values[name] ?? "1"] : [name]
      #expect(throws: Never.self, "\(arguments)") { try Invocation(arguments: arguments, environment: [:]) }
    }
  }
}
