import Counter
import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

@Suite(.dependencies) struct CounterTests {
  @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 0)), .dependency(\.uuid, .incrementing))
  func stampsEachTap() {
    let counter = Counter()
    counter.tap()
    counter.tap()
    #expect(counter.taps.map(\.at) == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0)])
    #expect(counter.taps.map { $0.id.uuidString.suffix(2) } == ["00", "01"])
  }

  @Test func savingWithoutAStoreIsReported() async {
    @Dependency(\.countStore) var store
    await withKnownIssue {
      try await store.save(1)
    }
  }
}
