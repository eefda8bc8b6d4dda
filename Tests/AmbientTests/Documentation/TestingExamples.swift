// Mirrors the examples of Ambient.docc/Articles/Testing.md.
// Exempt: the Package.swift snippet (a manifest) and the `.dependencies { … }` example whose
// body is elided; the trait form itself is exercised below.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

enum TestingExamples {
  struct Item: Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item] = unimplemented("APIClient.fetchItems")
  }

  @MainActor final class ItemListModel {
    @Dependency(\.apiClient) var apiClient
    var items: [Item] = []

    func load() async throws {
      items = try await apiClient.fetchItems()
    }
  }

  enum Theme: TestDependencyKey, Equatable {
    case light, dark
  }

  final class Tally: TestDependencyKey, @unchecked Sendable {
    // @unchecked: as the article writes it; `count` is a `let` of a lock-guarded box.
    let count = LockIsolated(0)
  }

  struct Greeter: DependencyKey {
    var greet: @Sendable (String) -> String
  }
}

nonisolated extension TestingExamples.APIClient {
  static let liveValue = Self(fetchItems: { [] })
  static let testValue = Self()
}

nonisolated extension TestingExamples.Theme {
  static let testValue = TestingExamples.Theme.light
}

nonisolated extension TestingExamples.Tally {
  static var testValue: TestingExamples.Tally { TestingExamples.Tally() }
}

nonisolated extension TestingExamples.Greeter {
  static let liveValue = Self(greet: { "Hello, \($0)!" })
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: TestingExamples.APIClient {
    get { self[TestingExamples.APIClient.self] }
    set { self[TestingExamples.APIClient.self] = newValue }
  }
  fileprivate var theme: TestingExamples.Theme {
    get { self[TestingExamples.Theme.self] }
    set { self[TestingExamples.Theme.self] = newValue }
  }
  fileprivate var greeter: TestingExamples.Greeter {
    get { self[TestingExamples.Greeter.self] }
    set { self[TestingExamples.Greeter.self] = newValue }
  }
}

@Suite struct TestingExamplesTests {
  typealias Item = TestingExamples.Item
  typealias ItemListModel = TestingExamples.ItemListModel
  typealias Theme = TestingExamples.Theme
  typealias Tally = TestingExamples.Tally

  @MainActor
  @Test(oneMinuteLimit, .dependency(\.apiClient.fetchItems, { [Item(id: 1, name: "Kettle")] }))
  func loadsItems() async throws {
    let model = ItemListModel()
    try await model.load()
    #expect(model.items.map(\.name) == ["Kettle"])
  }

  @Test(.dependency(TestingExamples.Theme.dark))
  func aTypeThatIsItsOwnKeyTakesTheValueAlone() {
    @Dependency(Theme.self) var theme
    #expect(theme == .dark)
  }

  @MainActor
  @Test(
    oneMinuteLimit,
    .dependencies {
      $0.apiClient.fetchItems = { [] }
      $0.theme = .dark
    })
  func showsAnEmptyDarkList() async throws {
    let model = ItemListModel()
    try await model.load()
    @Dependency(\.theme) var theme
    #expect(model.items.isEmpty)
    #expect(theme == .dark)
  }

  @Suite(.dependency(TestingExamples.Theme.light))
  struct ThemeTests {
    @Test func usesTheSuiteTheme() {
      @Dependency(Theme.self) var theme
      #expect(theme == .light)
    }

    @Test(.dependency(TestingExamples.Theme.dark))
    func theTestWins() {
      @Dependency(Theme.self) var theme
      #expect(theme == .dark)
    }
  }

  @Test(arguments: 1...3)
  func eachCaseStartsFromZero(times: Int) {
    @Dependency(Tally.self) var tally
    for _ in 0..<times { tally.count.withValue { $0 += 1 } }
    #expect(tally.count.value == times)
  }

  @MainActor
  @Test(oneMinuteLimit) func forgettingTheOverrideFails() async {
    await withKnownIssue {
      _ = try? await ItemListModel().load()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Unimplemented: APIClient.fetchItems") == true
    }
  }

  @Test(oneMinuteLimit) func aDependencyWithNoTestValueFailsWithTheQuotedMessage() {
    @Dependency(\.greeter) var greeter
    withKnownIssue {
      _ = greeter.greet("Ada")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        @Dependency(\\.greeter) has no test implementation, but was read in the test context.

          Declared at: \(#fileID):141
          Key:         Greeter
          Value:       Greeter

        A test that reaches a live value can touch the network, the disk or the clock, so Ambient fails the test instead of letting it pass by luck. This read used the preview value, which defaults to the live value.

        To fix:
          • Override it for this test: .dependency(\\.greeter, …) on the test, or withDependencies { $0.greeter = … }.
          • Or give Greeter a `testValue`, for example one whose endpoints are `unimplemented(…)`.
        """
      ]
    }
  }
}

// XCTest is the subject of these two examples.
nonisolated final class ItemListModelTests: DependencyTestCase {
  override func overrideDependencies(_ dependencies: inout DependencyValues) {
    dependencies.apiClient.fetchItems = { [TestingExamples.Item(id: 1, name: "Kettle")] }
  }

  func testLoad() async throws {
    let model = TestingExamples.ItemListModel()
    try await model.load()
    let names = await model.items.map(\.name)
    XCTAssertEqual(names, ["Kettle"])
  }
}

nonisolated final class ThemeXCTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0[TestingExamples.Theme.self] = .dark
    } operation: {
      super.invokeTest()
    }
  }

  func testTheme() {
    @Dependency(TestingExamples.Theme.self) var theme
    XCTAssertEqual(theme, .dark)
  }
}

// The "Test clocks" section.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class SearchModel {
  @Dependency(\.continuousClock) var clock
  var searches: [String] = []
  private var pending: Task<Void, Never>?

  func queryChanged(_ query: String) {
    pending?.cancel()
    pending = Task {
      do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
      searches.append(query)
    }
  }
}

@Suite struct TestClockExamples {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @MainActor @Test func debouncesSearch() async {
    let clock = TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      SearchModel()
    }

    model.queryChanged("am")
    model.queryChanged("amb")
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(299))
    #expect(model.searches == [])
    await clock.advance(by: .milliseconds(1))
    #expect(model.searches == ["amb"])
  }
}
