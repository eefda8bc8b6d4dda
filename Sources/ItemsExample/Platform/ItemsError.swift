import Ambient

/// Everything that can go wrong for someone running `items`, each told in one line.
///
/// The runner prints ``description`` after `items: error: ` and exits with ``exitStatus``:
/// 2 for a command line or environment it cannot understand, 1 for anything else.
enum ItemsError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String)
  case unknownOption(String)
  case missingArgument(command: String, argument: String)
  case unexpectedArgument(String)
  case invalidFavoriteState(String)
  case invalidValue(name: String, value: String, expected: String)
  case invalidContext(variable: String, value: String)
  case testContext(variable: String)
  case unknownLaunchProfile(UnknownLaunchProfile)
  case storeWithPreview
  case unknownItem(String)
  case storeUnreadable(path: String, reason: String)
  case storeMalformed(path: String, reason: String)
  case storeUnwritable(path: String, reason: String)
  case invalidCatalogueURL(String)
  case catalogueUnreachable(source: String, reason: String)
  case catalogueMalformed(source: String, reason: String)
  case catalogueTimedOut(source: String, seconds: Double)
  case catalogueTooLarge(source: String, limit: Int)
  case outputUnwritable(reason: String)

  var description: String {
    let text: String
    switch self {
    case .unknownCommand(let name):
      text = "unknown command '\(name)'; run 'items --help' for the commands"
    case .unknownOption(let name):
      text = "unknown option '\(name)'; run 'items --help' for the options"
    case .missingArgument(let command, let argument):
      text = "'items \(command)' needs \(argument)"
    case .unexpectedArgument(let argument):
      text = "unexpected argument '\(argument)'; run 'items --help' for usage"
    case .invalidFavoriteState(let state):
      text = "'\(state)' is not a favourite state; use 'on' or 'off', or nothing to toggle"
    case .invalidValue(let name, let value, let expected):
      text = "\(name) '\(value)' is not \(expected)"
    case .invalidContext(let variable, let value):
      text = "\(variable) '\(value)' is not a context; use live, preview or test, or unset it"
    case .testContext(let variable):
      text =
        "\(variable)=test asks for test values, which only exist inside tests; "
        + "unset it to run on live values, or use --preview for sample data"
    case .unknownLaunchProfile(let unknown):
      // Ambient's own line, as an app shows it on its red screen.
      text = unknown.description
    case .storeWithPreview:
      text = "--store cannot be used with preview values, which never touch the disk"
    case .unknownItem(let id):
      text = "no item with ID '\(id)'; run 'items' to list them"
    case .storeUnreadable(let path, let reason):
      text = "cannot read the favourites store at \(path): \(reason)"
    case .storeMalformed(let path, let reason):
      text = "the favourites store at \(path) is not valid (\(reason)); it was left untouched"
    case .storeUnwritable(let path, let reason):
      text = "cannot save the favourites store at \(path): \(reason); the previous store is intact"
    case .invalidCatalogueURL(let value):
      text = "ITEMS_API_URL '\(value)' is not an http, https or file URL"
    case .catalogueUnreachable(let source, let reason):
      text = "cannot load the catalogue from \(source): \(reason)"
    case .catalogueMalformed(let source, let reason):
      text = "the catalogue from \(source) is not valid (\(reason))"
    case .catalogueTimedOut(let source, let seconds):
      text =
        "the catalogue from \(source) did not arrive within \(CatalogueLimits.describe(seconds: seconds)); "
        + "give it longer with --timeout SECONDS or ITEMS_TIMEOUT"
    case .catalogueTooLarge(let source, let limit):
      text =
        "the catalogue from \(source) is larger than \(CatalogueLimits.describe(bytes: limit)); "
        + "raise the limit with --max-size BYTES if it is meant to be"
    case .outputUnwritable(let reason):
      text = "cannot write to standard output: \(reason); the command itself finished"
    }
    // One line whatever the underlying error said, so scripts can rely on it.
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  var exitStatus: Int32 {
    switch self {
    case .unknownCommand, .unknownOption, .missingArgument, .unexpectedArgument,
      .invalidFavoriteState, .invalidValue, .invalidContext, .testContext, .unknownLaunchProfile, .storeWithPreview:
      2
    default:
      1
    }
  }
}
