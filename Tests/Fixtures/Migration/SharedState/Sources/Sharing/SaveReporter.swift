package import Dependencies
import IssueReporting

/// Collects the saves that failed, for the reporters the app installs.
package struct SaveReporter: IssueReporter {
  package let store: SharedStore

  package init(store: SharedStore) { self.store = store }

  package func report(_ message: String) {
    store[SharedKey("failedSaves")] += 1
  }
}

extension DependencyValues {
  package var saveReporter: SaveReporter { SaveReporter(store: sharedStore) }
}
