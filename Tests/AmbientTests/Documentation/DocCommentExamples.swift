// The examples in the doc comments a user copies (TestDependencyKey, Dependency,
// withDependencies, MainActorValue and the `.dependency` trait), as printed there inside
// namespaces. DependencyKey's and DependencyValues' example is the README's, compiled by
// ReadmeExamples.swift, whose client this file reuses. Like every file in this folder,
// compiled in a plain Swift 6 target here and in a main-actor app target by
// Tests/Fixtures/MainActorApp.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Observation
import Testing

enum DocCommentExamples {
  typealias Item = ReadmeExamples.Item

  // TestDependencyKey: the interface module's half; the live half is an extension below.
  enum Split {
    struct APIClient: TestDependencyKey {
      var fetchItems: @Sendable () async throws -> [Item]
    }
  }

  // TestDependencyKey.shouldReportUnimplemented.
  struct Database: TestDependencyKey {
    var path: String
    static func inMemory() -> Database { Database(path: ":memory:") }
  }

  // Dependency and withDependencies(from:).
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable final class ItemListModel {
    @ObservationIgnored @Dependency(\.apiClient) var apiClient
    @ObservationIgnored @Dependency(\.date.now) var now
    @ObservationIgnored @Dependency(Database.self) var database  // a type that is its own key
    var items: [Item] = []
    var detail: ItemDetailModel?

    func load() async throws { items = try await apiClient.fetchItems() }

    func select(_ item: Item) {
      detail = withDependencies(from: self) { ItemDetailModel(item: item) }
    }
  }

  final class ItemDetailModel {
    @Dependency(\.apiClient) var apiClient
    let item: Item
    init(item: Item) { self.item = item }
  }

  // The `.dependency(_:)` trait for a type that is its own key.
  enum Theme: TestDependencyKey {
    case light, dark
    static let testValue = Theme.light
  }

  // MainActorValue.
  @MainActor final class Haptics {
    private let play: () -> Void
    init(play: @escaping () -> Void) { self.play = play }
    func tap() { play() }
  }

  enum HapticsKey: DependencyKey {
    static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: { /* UIKit */  }) } }
    static var previewValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: {}) } }
    static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: {}) } }
  }

  @MainActor final class CheckoutModel {
    @Dependency(\.haptics) var haptics
    func pay() { haptics.value.tap() }  // built here, on the main actor, the first time
  }
}

nonisolated extension DocCommentExamples.Split.APIClient {
  static let testValue = Self(fetchItems: unimplemented("APIClient.fetchItems"))
}

// The live module's half.
nonisolated extension DocCommentExamples.Split.APIClient: DependencyKey {
  static let liveValue = Self(fetchItems: { [] })
}

nonisolated extension DocCommentExamples.Database {  // declared as `struct Database: TestDependencyKey { … }`
  static var testValue: DocCommentExamples.Database {
    if shouldReportUnimplemented {
      reportIssue("A blank, in-memory database is being used: override \\.database in this test.")
    }
    return .inMemory()
  }
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: ReadmeExamples.APIClient {
    get { self[ReadmeExamples.APIClient.self] }
    set { self[ReadmeExamples.APIClient.self] = newValue }
  }

  fileprivate var haptics: MainActorValue<DocCommentExamples.Haptics> {
    get { self[DocCommentExamples.HapticsKey.self] }
    set { self[DocCommentExamples.HapticsKey.self] = newValue }
  }
}

@Suite(oneMinuteLimit) struct DocCommentExamplesTests {
  typealias Example = DocCommentExamples

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func withDependenciesChangesWhatAModelCaptures() async throws {
    let model = withDependencies {
      $0.apiClient.fetchItems = { [.mock] }
      $0.date.now = Date(timeIntervalSince1970: 0)
    } operation: {
      Example.ItemListModel()
    }
    try await model.load()
    #expect(model.items == [.mock])
    #expect(model.now == Date(timeIntervalSince1970: 0))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theAsyncFormAppliesToTheOperation() async throws {
    let model = Example.ItemListModel()
    try await withDependencies {
      $0.apiClient.fetchItems = { [.mock] }
    } operation: {
      try await model.load()
    }
    #expect(model.items == [.mock])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChildInheritsItsParentsValues() async throws {
    let model = withDependencies {
      $0.apiClient.fetchItems = { [.mock, .mock] }
    } operation: {
      Example.ItemListModel()
    }
    model.select(.mock)
    #expect(try await model.detail?.apiClient.fetchItems() == [.mock, .mock])
  }

  @Test func theSplitKeysTestValueIsUnimplemented() async {
    await withKnownIssue {
      _ = try? await Example.Split.APIClient.testValue.fetchItems()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true
    }
  }

  @Test func aTestValueThatReportsItsUse() {
    withKnownIssue {
      @Dependency(Example.Database.self) var database
      #expect(database.path == ":memory:")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("A blank, in-memory database is being used") == true
    }
  }

  @Test(.dependency(DocCommentExamples.Theme.dark))
  func rendersInDarkMode() {
    @Dependency(Example.Theme.self) var theme
    #expect(theme == .dark)
  }

  @MainActor @Test func payingTaps() {
    let played = LockIsolated(0)
    let haptics = Example.Haptics(play: { played.withValue { $0 += 1 } })
    withDependencies {
      $0.haptics = MainActorValue(haptics)
    } operation: {
      Example.CheckoutModel().pay()
    }
    #expect(played.value == 1)
  }
}
