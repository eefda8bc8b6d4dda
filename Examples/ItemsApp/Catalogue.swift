import Foundation

/// Reads the catalogue the live client fetched: a JSON array of items, from a response whose
/// status says it is one. Platform-neutral, so its tests run wherever the models' do.
nonisolated enum Catalogue {
  /// The items in `data`.
  ///
  /// - Parameters:
  ///   - data: The response's body.
  ///   - statusCode: The HTTP status, or `nil` for a response that has none (a file in the
  ///     app's bundle).
  /// - Throws: ``CatalogueError`` when the status is not a success or the body is not a catalogue.
  static func items(from data: Data, statusCode: Int?) throws -> [Item] {
    if let statusCode, !(200..<300).contains(statusCode) {
      throw CatalogueError.status(statusCode)
    }
    do {
      return try JSONDecoder().decode([Item].self, from: data)
    } catch {
      throw CatalogueError.unreadable
    }
  }
}

/// Why the catalogue could not be read, in words the list screen shows.
nonisolated enum CatalogueError: LocalizedError, Equatable {
  /// The app has no catalogue to read (`catalogue.json` is not in its bundle).
  case missing
  /// The server answered with a status that is not a success.
  case status(Int)
  /// The body is not a JSON array of items.
  case unreadable

  var errorDescription: String? {
    switch self {
    case .missing: "The catalogue is missing from the app. Add catalogue.json to the app target."
    case .status(let code): "The server answered \(code) (\(HTTPStatus.text(code)))."
    case .unreadable: "The catalogue could not be read."
    }
  }
}

/// A status code's usual meaning, for messages.
private nonisolated enum HTTPStatus {
  static func text(_ code: Int) -> String {
    switch code {
    case 401, 403: "not allowed"
    case 404: "not found"
    case 500..<600: "a server error"
    default: "not a success"
    }
  }
}
