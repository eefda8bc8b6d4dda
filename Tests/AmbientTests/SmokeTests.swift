import Ambient
import Testing

struct Counter: DependencyKey, Sendable {
  var value: Int
  static let liveValue = Counter(value: 1)
  static let testValue = Counter(value: 2)
}
extension DependencyValues {
  var counter: Counter {
    get { self[Counter.self] }
    set { self[Counter.self] = newValue }
  }
}

@Test func smoke() {
  @Dependency(\.counter) var counter
  #expect(counter.value == 2)
  withDependencies { $0.counter.value = 5 } operation: {
    @Dependency(\.counter) var inner
    #expect(inner.value == 5)
  }
}

struct NoTest: DependencyKey, Sendable {
  static let liveValue = NoTest()
}
extension DependencyValues {
  var noTest: NoTest {
    get { self[NoTest.self] }
    set { self[NoTest.self] = newValue }
  }
}

@Test func reportsMissingTestValue() {
  withKnownIssue {
    @Dependency(\.noTest) var noTest
    _ = noTest
  } matching: { issue in
    print(issue.comments.map(\.rawValue).joined())
    return true
  }
}
