import Ambient
import Foundation

nonisolated extension APIClient: DependencyKey {
  /// The catalogue the app ships, `catalogue.json`, fetched as a server's would be; point
  /// `catalogueURL` at a server's and nothing else changes.
  static let liveValue = APIClient(fetchItems: { try await fetchCatalogue() })

  /// Where the live catalogue is: the app bundle's `catalogue.json`.
  static var catalogueURL: URL? { Bundle.main.url(forResource: "catalogue", withExtension: "json") }

  /// Off the main actor: in an app target (`NonisolatedNonsendingByDefault`) an async function
  /// runs on its caller's actor, so without `@concurrent` the decoding would run on the main
  /// actor of the list screen that awaits it.
  @concurrent private static func fetchCatalogue() async throws -> [Item] {
    guard let url = catalogueURL else { throw CatalogueError.missing }
    let (data, response) = try await URLSession.shared.data(from: url)
    return try Catalogue.items(from: data, statusCode: (response as? HTTPURLResponse)?.statusCode)
  }
}
