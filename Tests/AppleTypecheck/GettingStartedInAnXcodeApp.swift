// The samples of AmbientUI.docc/Articles/GettingStartedInAnXcodeApp.md, as printed there (its
// client and model are those of Getting started, compiled on Linux by GettingStartedExamples).
// Not built by SwiftPM: `run.sh` typechecks it against the iPhoneOS SDK, plain and as a new
// Xcode app target (APP=1), with `@available(iOS 17.0, *)` added for the typecheck's iOS 13
// deployment target. The `#Preview` is left out: its macro's plugin ships only with Xcode.
import Ambient
import AmbientUI
import Foundation
import Observation
import SwiftUI

struct Item: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var name: String
}

struct APIClient: DependencyKey {
  var fetchItems: @Sendable () async throws -> [Item]
}

nonisolated extension APIClient {
  static let liveValue = APIClient(fetchItems: { try await fetchLiveItems() })
  static let previewValue = APIClient(fetchItems: {
    [Item(id: 1, name: "Kettle"), Item(id: 2, name: "Teapot")]
  })
  static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))

  @concurrent private static func fetchLiveItems() async throws -> [Item] {
    let url = URL(string: "https://example.com/items.json")!
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode([Item].self, from: data)
  }
}

nonisolated extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

@available(iOS 17.0, *)
@MainActor @Observable final class ItemListModel {
  @ObservationIgnored @Dependency(\.apiClient) var apiClient
  var items: [Item] = []

  func load() async throws {
    items = try await apiClient.fetchItems()
  }
}

@available(iOS 17.0, *)
struct ItemListView: View {
  let model: ItemListModel

  var body: some View {
    List(model.items) { item in Text(item.name) }
      .task { try? await model.load() }
  }
}

@main
@available(iOS 17.0, *)
struct ItemsApp: App {
  @State private var model: ItemListModel?

  init() {
    _model = State(initialValue: isTesting ? nil : ItemListModel())
  }

  var body: some Scene {
    WindowGroup {
      if let model {
        ItemListView(model: model)
      }
    }
  }
}
