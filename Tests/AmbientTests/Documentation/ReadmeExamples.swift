// The "Using it" example of README.md, compiled and run. Only the stand-ins for what the README
// leaves to the reader (`Item`, its samples, a URLSession helper) are added; the example's own
// lines are as printed there, inside a namespace so its names don't clash with other tests.
// The README's other Swift blocks quote the example's code (Sources/ItemsExample/Pattern) and the SwiftUI
// app's (Examples/ItemsApp, typechecked against the iPhoneOS SDK), and ReadmeWalkthroughTests
// checks them line for line; the test target's manifest fragment is the package's own shape.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Observation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum ReadmeExamples {
  nonisolated struct Item: Equatable, Sendable {
    var name: String
    static let mock = Item(name: "mock")
    static let samples = [Item(name: "sample")]
  }

  // Conforming in the declaration keeps the client off the main actor in Xcode 26 app targets.
  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item]
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable final class ItemListModel {
    @ObservationIgnored @Dependency(\.apiClient) var apiClient
    var items: [Item] = []
    func load() async throws { items = try await apiClient.fetchItems() }
  }
}

extension URLSession {
  fileprivate func items() async throws -> [ReadmeExamples.Item] { [] }
}

nonisolated extension ReadmeExamples.APIClient {  // Swift 6.2 needs it on the extension too
  static let liveValue = Self(fetchItems: { try await fetchLiveItems() })
  static let previewValue = Self(fetchItems: { ReadmeExamples.Item.samples })
  static let testValue = Self(fetchItems: unimplemented("APIClient.fetchItems"))

  // Off the main actor: the request and the decoding do not run on the screen that awaits them.
  @concurrent private static func fetchLiveItems() async throws -> [ReadmeExamples.Item] {
    try await URLSession.shared.items()
  }
}

nonisolated extension DependencyValues {  // read from any thread
  fileprivate var apiClient: ReadmeExamples.APIClient {
    get { self[ReadmeExamples.APIClient.self] }
    set { self[ReadmeExamples.APIClient.self] = newValue }
  }
}

@Suite(oneMinuteLimit) struct ReadmeExamplesTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(.dependency(\.apiClient.fetchItems, { [.mock] }))
  func loadsItems() async throws {
    let model = ReadmeExamples.ItemListModel()
    try await model.load()
    #expect(model.items == [.mock])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func overridesOneEndpointInAScope() async throws {
    let model = withDependencies {
      $0.apiClient.fetchItems = { [.mock, .mock] }
    } operation: {
      ReadmeExamples.ItemListModel()
    }
    try await model.load()
    #expect(model.items == [.mock, .mock])
  }

  @Test func readsOffTheMainActorToo() async throws {
    let items = try await withDependencies {
      $0.apiClient.fetchItems = { [.mock] }
    } operation: {
      try await withEscapedDependencies { dependencies in
        try await Task.detached {
          try await dependencies.yield {
            @Dependency(\.apiClient) var apiClient
            return apiClient
          }.fetchItems()
        }.value
      }
    }
    #expect(items == [.mock])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aForgottenOverrideFailsTheTestByName() async {
    let model = ReadmeExamples.ItemListModel()
    await withKnownIssue {
      _ = try? await model.load()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true
    }
  }
}
