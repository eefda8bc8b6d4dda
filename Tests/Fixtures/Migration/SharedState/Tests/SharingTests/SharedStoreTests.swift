import Dependencies
import DependenciesTestSupport
import Sharing
import Testing

@Test func theTestStoreHasTheCatalogue() {
  @Dependency(\.sharedStore) var store
  #expect(store.catalogue == ["count", "name"])
}

@Test func concurrentReadersShareOneStore() async {
  async let first = readStore()
  async let second = readStore()
  let stores = await [first, second]
  #expect(stores[0] === stores[1])
}

@Sendable func readStore() async -> SharedStore {
  @Dependency(\.sharedStore) var store
  return store
}

@Test func changesStartWithTheCurrentValue() async {
  @Dependency(\.sharedStore) var store
  store[SharedKey("count")] = 3
  var values: [Int] = []
  for await value in store.changes(of: SharedKey("count")) { values.append(value) }
  #expect(values == [3])
}

@Test func aMissingKeyIsReportedInTheStoresWords() {
  withKnownIssue {
    reportIssue("No value for the key 'missing'")
  } matching: { issue in
    issue.comments.contains { $0.rawValue.contains("No value for the key") }
  }
}
