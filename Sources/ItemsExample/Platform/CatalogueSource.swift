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
  /// `\.urlSession` within `limits` (timed by `\.continuousClock`, a slow load noted on
  /// `\.console`), all read where `fetchItems` is called.
  static func live(from source: CatalogueSource, limits: CatalogueLimits = CatalogueLimits()) -> APIClient {
    APIClient(fetchItems: {
      let data = try await CatalogueLoader(source: source, limits: limits).data()
      do {
        let items = try JSONDecoder().decode([Item].self, from: data)
        if let duplicate = firstDuplicateID(in: items) {
          throw ItemsError.catalogueMalformed(
            source: source.displayName, reason: "item ID '\(duplicate)' appears twice")
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
  let limits: CatalogueLimits
  @Dependency(\.fileSystem) private var fileSystem

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
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
          // No Clock here: the request's idle timeout is the only deadline.
          return try await RemoteCatalogue(url: url, limits: limits).download(idleTimeout: limits.timeout)
        }
        return try await RemoteCatalogue(url: url, limits: limits).data(displayName: source.displayName)
      }
    } catch let error as ItemsError {
      throw error
    } catch is SizeLimitExceeded {
      throw ItemsError.catalogueTooLarge(source: source.displayName, limit: limits.maxSize)
    } catch let error as URLError where error.code == .timedOut {
      throw ItemsError.catalogueTimedOut(source: source.displayName, seconds: limits.timeout)
    } catch {
      throw ItemsError.catalogueUnreachable(source: source.displayName, reason: reason(for: error))
    }
  }

  private func read(_ url: URL) throws -> Data {
    guard let data = try fileSystem.read(url, limits.maxSize) else {
      throw FailureReason(description: "no such file")
    }
    return data
  }
}
