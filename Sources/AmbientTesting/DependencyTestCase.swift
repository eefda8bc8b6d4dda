public import Ambient
public import XCTest

/// An `XCTestCase` whose every test method, with its `setUp` and `tearDown`, runs with the
/// dependencies that ``overrideDependencies(_:)`` sets.
///
/// ```swift
/// final class ItemListModelTests: DependencyTestCase {
///   override func overrideDependencies(_ dependencies: inout DependencyValues) {
///     dependencies.apiClient.fetchItems = { [.mock] }
///     dependencies.date.now = Date(timeIntervalSince1970: 0)
///   }
///
///   func testLoad() async throws {
///     let model = ItemListModel()
///     try await model.load()
///     XCTAssertEqual(model.items, [.mock])
///   }
/// }
/// ```
///
/// Each test method already starts from fresh default values when the test target links
/// `AmbientTesting`, on Linux and Apple platforms alike; this class only adds the overrides.
/// A test can change them further with ``/Ambient/withDependencies(_:operation:)``.
///
/// If your test cases must inherit from another base class, wrap ``invokeTest()`` yourself, which
/// is all this class does (`setUp`, the test method and `tearDown` all run inside it, and
/// `async` test methods inherit the values):
///
/// ```swift
/// final class ItemListModelTests: MyAppTestCase {
///   override func invokeTest() {
///     withDependencies {
///       $0.apiClient.fetchItems = { [.mock] }
///     } operation: {
///       super.invokeTest()
///     }
///   }
/// }
/// ```
///
/// > Important: Work the test starts outside structured concurrency (`Task.detached`,
/// > `DispatchQueue` callbacks) does not see the overrides; carry them over with
/// > ``/Ambient/withEscapedDependencies(_:)``.
open class DependencyTestCase: XCTestCase {
  /// Sets the dependencies every test method in this class runs with. Does nothing unless
  /// overridden; called once before each test method, before `setUp`.
  ///
  /// - Parameter dependencies: The values to change; reads see the test's default values.
  open func overrideDependencies(_ dependencies: inout DependencyValues) {}

  /// Runs the test method, with `setUp` and `tearDown`, inside
  /// ``/Ambient/withDependencies(_:operation:)``.
  open override func invokeTest() {
    withDependencies {
      overrideDependencies(&$0)
    } operation: {
      super.invokeTest()
    }
  }
}
