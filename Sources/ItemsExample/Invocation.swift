import Foundation

/// What the user asked for on the command line, checked before anything runs.
///
/// Options may come anywhere: `--preview`, `--store PATH` (or `--store=PATH`), `-h`/`--help`.
/// `AMBIENT_CONTEXT=preview` in the environment means the same as `--preview`.
struct Invocation: Equatable, Sendable {
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

  init(arguments: [String], environment: [String: String]) throws {
    var positional: [String] = []
    var wantsHelp = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        wantsHelp = true
      case "--preview":
        usesPreviewValues = true
      case "--store":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw ItemsError.missingArgument(command: "--store", argument: "a path")
        }
        storeURL = URL(fileURLWithPath: path)
      case let option where option.hasPrefix("--store="):
        let path = String(option.dropFirst("--store=".count))
        guard !path.isEmpty else { throw ItemsError.missingArgument(command: "--store", argument: "a path") }
        storeURL = URL(fileURLWithPath: path)
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
    if environment["AMBIENT_CONTEXT"]?.lowercased() == "preview" {
      usesPreviewValues = true
    }
    if usesPreviewValues {
      // Preview values never touch the disk or the network, so neither option applies.
      guard storeURL == nil else { throw ItemsError.storeWithPreview }
    } else if let url = environment["ITEMS_API_URL"], !url.isEmpty {
      catalogueSource = try CatalogueSource(urlString: url)
    }
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
