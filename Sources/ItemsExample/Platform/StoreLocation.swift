import Foundation

/// Where the favourites store lives when `--store` does not say.
///
/// Linux and other Unix systems: `$XDG_DATA_HOME/items/favorites.json`, or
/// `~/.local/share/items/favorites.json` when `XDG_DATA_HOME` is unset, empty or relative
/// (as the XDG Base Directory specification says). Apple platforms: the user's Application
/// Support directory, in `items/favorites.json`.
enum StoreLocation {
  static let fileName = "favorites.json"

  static func defaultURL(environment: [String: String]) -> URL {
    dataDirectory(environment: environment)
      .appendingPathComponent("items", isDirectory: true)
      .appendingPathComponent(fileName, isDirectory: false)
  }

  private static func dataDirectory(environment: [String: String]) -> URL {
    #if canImport(Darwin)
    if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
      return support
    }
    #endif
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local", isDirectory: true)
      .appendingPathComponent("share", isDirectory: true)
  }
}
