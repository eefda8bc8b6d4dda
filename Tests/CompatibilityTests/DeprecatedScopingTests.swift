import Ambient
import Testing

// swift-dependencies' deprecated scoping functions, which Ambient carries deprecated for code
// that still calls them. The calls sit in deprecated witnesses of a protocol that is
// not, so the tests reach them without a deprecation warning (Swift Testing refuses a
// deprecated test function).

private enum Retries: TestDependencyKey {
  static let testValue = 1
}

extension DependencyValues {
  fileprivate var retries: Int {
    get { self[Retries.self] }
    set { self[Retries.self] = newValue }
  }
}

/// The deprecated calls, each returning what its operation read.
private protocol DeprecatedScoping {
  func withValue() -> Int
  func withValueAsync() async -> Int
  func withValues() -> Int
  func withValuesAsync() async -> Int
  func withTestValues() -> (Int, DependencyContext)
}

private struct DeprecatedCalls: DeprecatedScoping {
  @Dependency(\.retries) var retries
  @Dependency(\.context) var context

  @available(*, deprecated)
  func withValue() -> Int { DependencyValues.withValue(\.retries, 5) { retries } }

  @available(*, deprecated)
  func withValueAsync() async -> Int {
    await DependencyValues.withValue(\.retries, 6) { () async -> Int in retries }
  }

  @available(*, deprecated)
  func withValues() -> Int {
    DependencyValues.withValues {
      $0.retries = 7
    } operation: {
      retries
    }
  }

  @available(*, deprecated)
  func withValuesAsync() async -> Int {
    await DependencyValues.withValues {
      $0.retries = 8
    } operation: { () async -> Int in
      retries
    }
  }

  @available(*, deprecated)
  func withTestValues() -> (Int, DependencyContext) {
    DependencyValues.withTestValues {
      $0.retries = 9
    } operation: {
      (retries, context)
    }
  }
}

@Suite struct DeprecatedScopingTests {
  private let calls: any DeprecatedScoping = DeprecatedCalls()

  @Test func withValueSetsOneDependencyForTheOperation() async {
    #expect(calls.withValue() == 5)
    #expect(await calls.withValueAsync() == 6)
    @Dependency(\.retries) var retries
    #expect(retries == 1)
  }

  @Test func withValuesAppliesTheChanges() async {
    #expect(calls.withValues() == 7)
    #expect(await calls.withValuesAsync() == 8)
  }

  @Test func withTestValuesReadsTestValues() {
    let (retries, context) = calls.withTestValues()
    #expect(retries == 9)
    #expect(context == .test)
  }
}
