// Mirrors the examples of Ambient.docc/Articles/DefaultsBuiltFromOtherDependencies.md.
import Ambient
import Testing

struct CatalogueClient: DependencyKey, DerivedDependencyKey {
  var fetchItems: @Sendable () async throws -> [String]
}

nonisolated extension CatalogueClient {
  static var liveValue: CatalogueClient {
    @Dependency(\.catalogueURL) var url
    return CatalogueClient(fetchItems: { ["from \(url)"] })
  }
}

nonisolated extension DependencyValues {
  var catalogueClient: CatalogueClient {
    get { self[CatalogueClient.self] }
    set { self[CatalogueClient.self] = newValue }
  }

  var catalogueURL: String {
    get { self[CatalogueURLKey.self] }
    set { self[CatalogueURLKey.self] = newValue }
  }
}

enum CatalogueURLKey: DependencyKey {}

nonisolated extension CatalogueURLKey {
  static let liveValue = "https://example.com/catalogue"
}

final class CatalogueModel {
  @Dependency(\.catalogueClient) var client
}

@Suite struct DefaultsBuiltFromOtherDependenciesExamplesTests {
  @Test func theClientFollowsTheURLOfTheScopeItIsReadIn() async throws {
    let (shared, model) = withDependencies {
      $0.context = .live
    } operation: {
      let model = withDependencies {
        $0.catalogueURL = "http://localhost:8080/catalogue"
      } operation: {
        CatalogueModel()
      }
      return (CatalogueModel(), model)
    }
    #expect(try await model.client.fetchItems() == ["from http://localhost:8080/catalogue"])
    #expect(try await shared.client.fetchItems() == ["from https://example.com/catalogue"])
  }
}
