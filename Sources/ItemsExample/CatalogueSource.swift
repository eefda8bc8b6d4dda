import Ambient
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the live catalogue comes from: the file shipped as a package resource, a file URL,
/// or an http(s) URL, as chosen by `ITEMS_API_URL`.
enum CatalogueSource: Equatable, Sendable {
  case bundled
  case file(URL)
  case remote(URL)

  /// The source `ITEMS_API_URL` names.
  init(urlString: String) throws {
    guard let url = URL(string: urlString), let scheme = url.scheme?.lowercased() else {
      throw ItemsError.invalidCatalogueURL(urlString)
    }
    switch scheme {
    case "http", "https":
      guard url.host?.isEmpty == false else { throw ItemsError.invalidCatalogueURL(urlString) }
      self = .remote(url)
    case "file":
      self = .file(url)
    default:
      throw ItemsError.invalidCatalogueURL(urlString)
    }
  }

  var displayName: String {
    switch self {
    case .bundled: "the bundled catalogue"
    case .file(let url): url.path
    case .remote(let url): url.absoluteString
    }
  }
}

extension APIClient {
  /// Reads the catalogue from `source`: files through `\.fileSystem`, http(s) through
  /// `\.urlSession`, both read where `fetchItems` is called.
  static func live(from source: CatalogueSource) -> APIClient {
    APIClient(fetchItems: {
      let data = try await CatalogueLoader(source: source).data()
      do {
        let items = try JSONDecoder().decode([Item].self, from: data)
        if let duplicate = firstDuplicateID(in: items) {
          throw ItemsError.catalogueMalformed(source: source.displayName, reason: "item ID '\(duplicate)' appears twice")
        }
        return items
      } catch let error as ItemsError {
        throw error
      } catch {
        throw ItemsError.catalogueMalformed(source: source.displayName, reason: reason(for: error))
      }
    })
  }

  private static func firstDuplicateID(in items: [Item]) -> Item.ID? {
    var seen: Set<Item.ID> = []
    return items.first { !seen.insert($0.id).inserted }?.id
  }
}

/// Fetches the catalogue's bytes from one source.
private struct CatalogueLoader {
  let source: CatalogueSource
  @Dependency(\.fileSystem) private var fileSystem
  @Dependency(\.urlSession) private var urlSession

  func data() async throws -> Data {
    do {
      switch source {
      case .bundled:
        guard let url = Bundle.module.url(forResource: "catalogue", withExtension: "json") else {
          throw FailureReason(description: "the resource is missing from the app's bundle")
        }
        return try read(url)
      case .file(let url):
        return try read(url)
      case .remote(let url):
        let (data, response) = try await urlSession.data(from: url)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
          throw FailureReason(description: "the server answered HTTP \(http.statusCode)")
        }
        return data
      }
    } catch {
      throw ItemsError.catalogueUnreachable(source: source.displayName, reason: reason(for: error))
    }
  }

  private func read(_ url: URL) throws -> Data {
    guard let data = try fileSystem.read(url) else {
      throw FailureReason(description: "no such file")
    }
    return data
  }
}
