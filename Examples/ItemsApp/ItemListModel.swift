import Observation

/// The list screen's model: it needs the catalogue and nothing for the screens after it.
@available(iOS 17.0, *)
@MainActor
@Observable
final class ItemListModel {
  private(set) var items: [Item] = []
  private(set) var failure: String?
  @ObservationIgnored private let apiClient: APIClient

  init(apiClient: APIClient) {
    self.apiClient = apiClient
  }

  func load() async {
    do {
      items = try await apiClient.fetchItems()
      failure = nil
    } catch {
      failure = error.localizedDescription
    }
  }
}
