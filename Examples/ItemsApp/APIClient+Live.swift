import Ambient
import Foundation

nonisolated extension APIClient: DependencyKey {
  /// The catalogue from the server.
  static let liveValue = APIClient(fetchItems: { try await fetchCatalogue() })

  /// Off the main actor: in an app target (`NonisolatedNonsendingByDefault`) an async function
  /// runs on its caller's actor, so without `@concurrent` the decoding would run on the main
  /// actor of the list screen that awaits it.
  @concurrent private static func fetchCatalogue() async throws -> [Item] {
    let url = URL(string: "https://example.com/items.json")!
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([Item].self, from: data)
  }
}
