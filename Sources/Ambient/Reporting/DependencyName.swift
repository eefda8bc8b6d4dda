/// What a `@Dependency` reads, kept cheap to store and turned into text only for a message.
enum DependencyName: Sendable, CustomStringConvertible {
  case keyPath(any AnyKeyPath & Sendable)
  case key(any Any.Type)

  /// `\.apiClient` or `APIClient.self`, as the user wrote it.
  var description: String {
    switch self {
    case let .keyPath(keyPath):
      let text = "\(keyPath)"
      let prefix = "\\DependencyValues"
      // A key path prints as `\DependencyValues.apiClient` where the runtime can name its
      // accessors; the user wrote `\.apiClient`.
      if text.hasPrefix(prefix + ".") { return "\\" + text.dropFirst(prefix.count) }
      return text
    case let .key(type):
      return "\(typeName(type)).self"
    }
  }
}

/// A type's name without its module, as users write it in code.
func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
