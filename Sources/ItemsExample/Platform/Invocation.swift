import Ambient
import Foundation

/// What the user asked for on the command line, checked before anything runs.
///
/// Options may come anywhere, as `--option VALUE` or `--option=VALUE`: `--preview`,
/// `--store PATH`, `--timeout SECONDS`, `--max-size BYTES`, `--dependency-graph FORMAT`,
/// `-h`/`--help`. The context variable Ambient reads (`AMBIENT_CONTEXT`, or
/// `SWIFT_DEPENDENCIES_CONTEXT`) set to `preview` means the same as `--preview`;
/// `ITEMS_TIMEOUT` sets the timeout when the option does not. `AMBIENT_PROFILE` and
/// `-AmbientProfile NAME` choose ``LaunchProfile/items`` as Ambient chooses an app's.
struct Invocation: Sendable {
  enum Command: Equatable, Sendable {
    case list
    case show(Item.ID)
    case favorite(Item.ID, FavoriteChange)
    case help
  }

  enum FavoriteChange: Equatable, Sendable {
    case toggle
    case set(Bool)
  }

  var command: Command = .list
  var usesPreviewValues = false
  var storeURL: URL?
  var catalogueSource: CatalogueSource?
  var catalogueLimits = CatalogueLimits()
  /// Print the dependencies the command read in this format, instead of its output.
  var dependencyGraph: DependencyGraphFormat?
  /// The launch profiles to apply over the values above, in order.
  var launchProfiles: [LaunchProfile] = []

  init(arguments: [String], environment: [String: String]) throws {
    var positional: [String] = []
    var wantsHelp = false
    var timeout: String?
    var profileArguments: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      // `--name=value` is the same as `--name value`.
      let (name, attached) = Self.split(argument)
      func value(_ what: String) throws -> String {
        guard let value = attached ?? remaining.popFirst(), !value.isEmpty else {
          throw ItemsError.missingArgument(command: name, argument: what)
        }
        return value
      }
      switch name {
      case let flag where attached != nil && (flag == "--help" || flag == "--preview"):
        // A switch takes no value.
        throw ItemsError.unknownOption(argument)
      case "-h", "--help":
        wantsHelp = true
      case "--preview":
        usesPreviewValues = true
      case "--store":
        storeURL = URL(fileURLWithPath: try value("a path"))
      case "--timeout":
        timeout = try value("a number of seconds")
      case "--max-size":
        let text = try value("a size in bytes")
        guard let bytes = CatalogueLimits.bytes(text) else {
          throw ItemsError.invalidValue(
            name: name, value: text, expected: "a size in bytes, such as 500000, 800K or 16M")
        }
        catalogueLimits.maxSize = bytes
      case LaunchProfile.launchArgument:
        // Checked with the variable below, by Ambient's own rules, once the line is read.
        profileArguments += [argument] + (remaining.popFirst().map { [$0] } ?? [])
      case "--dependency-graph":
        let text = try value("a format: \(DependencyGraphFormat.expected)")
        guard let format = DependencyGraphFormat(rawValue: text) else {
          throw ItemsError.invalidValue(name: name, value: text, expected: DependencyGraphFormat.expected)
        }
        dependencyGraph = format
      case let option where option.hasPrefix("-") && option.count > 1:
        throw ItemsError.unknownOption(option)
      default:
        positional.append(argument)
      }
    }
    if wantsHelp {
      command = .help
      return
    }
    command = try Self.command(from: positional)
    try applyTimeout(option: timeout, environment: environment)
    do {
      launchProfiles = try LaunchProfile.chosen(
        from: LaunchProfile.items, environment: environment, arguments: profileArguments)
    } catch let unknown as UnknownLaunchProfile {
      throw ItemsError.unknownLaunchProfile(unknown)
    }
    switch try Self.forcedContext(environment) {
    case .preview?: usesPreviewValues = true
    case .live?, nil: break
    case .test?: throw ItemsError.testContext(variable: Self.contextVariable(environment))
    }
    if usesPreviewValues {
      // Preview values never touch the disk or the network, so neither option applies.
      guard storeURL == nil else { throw ItemsError.storeWithPreview }
    } else if let url = environment["ITEMS_API_URL"], !url.isEmpty {
      catalogueSource = try CatalogueSource(urlString: url)
    }
  }

  /// The command as a user types it, such as `items show 2`: the root of its dependency graph.
  var commandLine: String {
    switch command {
    case .list: "items list"
    case .help: "items help"
    case .show(let id): "items show \(id)"
    case .favorite(let id, .toggle): "items favorite \(id)"
    case .favorite(let id, .set(let isFavorite)): "items favorite \(id) \(isFavorite ? "on" : "off")"
    }
  }

  /// `("--store", "a.json")` for `--store=a.json`; `(argument, nil)` for anything else.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private mutating func applyTimeout(option: String?, environment: [String: String]) throws {
    let (name, text): (String, String?) =
      option != nil
      ? ("--timeout", option) : ("ITEMS_TIMEOUT", environment["ITEMS_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 })
    guard let text else { return }
    guard let seconds = Double(text), seconds > 0, seconds.isFinite, seconds <= 86_400 else {
      throw ItemsError.invalidValue(
        name: name, value: text, expected: "a number of seconds above 0 and at most 86400, such as 30 or 2.5")
    }
    catalogueLimits.timeout = seconds
  }

  /// The context Ambient's own parser reads from the environment; a value that is not a
  /// context is a usage error here, where the library would only warn.
  private static func forcedContext(_ environment: [String: String]) throws -> DependencyContext? {
    try DependencyContext.forced(by: environment) { variable, value in
      throw ItemsError.invalidContext(variable: variable, value: value)
    }
  }

  /// The variable that forced the context: the first one set, since an invalid one throws.
  private static func contextVariable(_ environment: [String: String]) -> String {
    environment["AMBIENT_CONTEXT"] != nil ? "AMBIENT_CONTEXT" : "SWIFT_DEPENDENCIES_CONTEXT"
  }

  private static func command(from positional: [String]) throws -> Command {
    guard let name = positional.first else { return .list }
    let arguments = positional.dropFirst()
    switch name {
    case "list":
      try expectNoMore(arguments)
      return .list
    case "help":
      return .help
    case "show":
      guard let id = arguments.first else { throw ItemsError.missingArgument(command: "show", argument: "an item ID") }
      try expectNoMore(arguments.dropFirst())
      return .show(id)
    case "favorite", "favourite":
      guard let id = arguments.first else { throw ItemsError.missingArgument(command: name, argument: "an item ID") }
      let change = try favoriteChange(arguments.dropFirst().first)
      try expectNoMore(arguments.dropFirst(2))
      return .favorite(id, change)
    default:
      throw ItemsError.unknownCommand(name)
    }
  }

  private static func favoriteChange(_ word: String?) throws -> FavoriteChange {
    switch word?.lowercased() {
    case nil: .toggle
    case "on", "yes", "true": .set(true)
    case "off", "no", "false": .set(false)
    case let other?: throw ItemsError.invalidFavoriteState(other)
    }
  }

  private static func expectNoMore(_ arguments: ArraySlice<String>) throws {
    if let extra = arguments.first { throw ItemsError.unexpectedArgument(extra) }
  }
}
