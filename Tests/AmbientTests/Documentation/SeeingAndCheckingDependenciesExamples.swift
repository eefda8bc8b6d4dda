// Mirrors the examples of Ambient.docc/Articles/SeeingAndCheckingDependencies.md.
// Exempt: the text blocks, which show output; the tests below check the output they show, but
// for the declaration sites, which the article gives as an app's files.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing
import XCTest

enum SeeingExamples {
  struct Catalogue: TestDependencyKey {
    var names: [String]
  }

  struct Logger: TestDependencyKey {
    var log: @Sendable (String) -> Void
  }

  enum Filter: TestDependencyKey {
    static let testValue = ""
  }

  // Not on the main actor in main-actor targets either: the examples call it from anywhere.
  nonisolated final class ItemListModel {
    @Dependency(\.catalogue) var catalogue
    @Dependency(\.filter) var filter

    func visibleCount() -> Int {
      catalogue.names.filter { filter.isEmpty || $0.hasPrefix(filter) }.count
    }
  }
}

extension SeeingExamples.Catalogue {
  /// Built from the logger: the edge the graphs draw.
  static var testValue: Self {
    @Dependency(\.logger) var logger
    logger.log("catalogue ready")
    return Self(names: ["milk", "bread"])
  }
}

nonisolated extension SeeingExamples.Logger {
  static let testValue = Self(log: { _ in })
}

nonisolated extension DependencyValues {
  fileprivate var catalogue: SeeingExamples.Catalogue {
    get { self[SeeingExamples.Catalogue.self] }
    set { self[SeeingExamples.Catalogue.self] = newValue }
  }
  fileprivate var logger: SeeingExamples.Logger {
    get { self[SeeingExamples.Logger.self] }
    set { self[SeeingExamples.Logger.self] = newValue }
  }
  fileprivate var filter: String {
    get { self[SeeingExamples.Filter.self] }
    set { self[SeeingExamples.Filter.self] = newValue }
  }
}

/// Each line of `trace`'s text with its declaration sites left out.
private func linesWithoutSites(_ trace: DependencyTrace) -> [String] {
  trace.description.split(separator: "\n").map { line in
    line.replacingOccurrences(
      of: #"  \w+/SeeingAndCheckingDependenciesExamples\.swift:\d+"#, with: "", options: .regularExpression)
  }
}

@Suite struct SeeingAndCheckingDependenciesExamples {
  typealias ItemListModel = SeeingExamples.ItemListModel

  @Test func traceAnOperation() {
    let (count, trace) = withDependencyTrace {
      ItemListModel().visibleCount()
    }
    print(trace)
    #expect(count == 2)
    #expect(
      linesWithoutSites(trace) == [
        "3 dependencies read:",
        #"  \.logger     test  default  (only while building another value)"#,
        #"  \.catalogue  test  default"#,
        #"  \.filter     test  default"#,
        "Built from:",
        #"  \.catalogue read \.logger"#,
      ])
  }

  @Test func drawTheGraph() {
    let trace = withDependencies {
      $0 = .test
    } operation: {
      withDependencyTrace { _ = ItemListModel().visibleCount() }.trace
    }
    print(trace.mermaid(root: "item list"))
    #expect(
      trace.mermaid(root: "item list") == #"""
        flowchart LR
          root["item list"]
          d0["\.logger<br/>test, default"]
          d1["\.catalogue<br/>test, default"]
          d2["\.filter<br/>test, default"]
          root --> d1
          root --> d2
          d1 --> d0
        """#)
  }

  @Test(.exhaustiveDependencies, .dependency(\.filter, "m"), .dependency(\.catalogue, .init(names: ["milk"])))
  func countsMatchingItemsExhaustively() {
    #expect(ItemListModel().visibleCount() == 1)
  }

  /// The report the article shows, from a model kept past the end of a `.dependencies` scope.
  @Test func workThatOutlivesItsTest() async throws {
    let kept = LockIsolated<UncheckedSendable<ItemListModel>?>(nil)
    let scope: _FreshDependenciesTrait = .dependencies
    // As Swift Testing runs a test: it asks for the scope provider, which starts the run.
    _ = scope.scopeProvider(for: Test.current!, testCase: nil)
    try await scope.provideScope(for: Test.current!, testCase: nil) {
      let model = ItemListModel()
      _ = model.visibleCount()  // read in the test: not reported
      kept.setValue(UncheckedSendable(model))
    }
    let texts = recordedIssues { _ = kept.value?.value.catalogue }
    let text = texts.first ?? ""
    #expect(
      text.hasPrefix(
        #"""
        @Dependency(\.catalogue) was read in the test context after the test it belongs to had ended.

          Test:    SeeingAndCheckingDependenciesExamples.workThatOutlivesItsTest()
          Read at:
        """#))
    #expect(text.contains("/SeeingAndCheckingDependenciesExamples.swift:"))
  }
}

@Suite(.dependencies, .dependencyTrace)
struct TracedItemListModelTests {
  typealias ItemListModel = SeeingExamples.ItemListModel

  @Test(.dependency(\.filter, "m"))
  func countsMatchingItems() {
    #expect(ItemListModel().visibleCount() == 1)
  }
}

// XCTest is the subject of this example.
nonisolated final class ExhaustiveItemListModelTests: DependencyTestCase {
  typealias ItemListModel = SeeingExamples.ItemListModel
  typealias Catalogue = SeeingExamples.Catalogue

  override var dependencyTracing: DependencyTracing? { .exhaustive }

  override func overrideDependencies(_ dependencies: inout DependencyValues) {
    dependencies.filter = "m"
    dependencies.catalogue = Catalogue(names: ["milk"])
  }

  func testCountsMatchingItems() {
    XCTAssertEqual(ItemListModel().visibleCount(), 1)
  }
}
