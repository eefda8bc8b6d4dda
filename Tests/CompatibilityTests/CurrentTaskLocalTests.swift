import Ambient
import Dispatch
import Testing

// Code written for swift-dependencies binds captured values through the
// task-local itself. Public API only (no `@testable`), so that this compiles only while
// `DependencyValues.$_current` is public, as that code needs.

private enum StoreKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var store: String {
    get { self[StoreKey.self] }
    set { self[StoreKey.self] = newValue }
  }
}

private final class StoreModel: @unchecked Sendable {
  // @unchecked: the wrapper's storage is a `var` only to the compiler; nothing writes it.
  @Dependency(\.store) var store
}

@Suite struct CurrentTaskLocalCompatibilityTests {
  @Test(.timeLimit(.minutes(1))) func capturedValuesAreBoundOnACallbackThroughTheTaskLocal() async {
    let values = withDependencies {
      $0.store = "captured"
    } operation: {
      DependencyValues._current
    }
    let (read, modelRead) = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let (read, model) = DependencyValues.$_current.withValue(values) {
          (DependencyValues.$_current.get().store, StoreModel())
        }
        // Read after the binding ended, on the thread that made the model (ThreadSanitizer
        // reported a model handed across threads through the continuation as a race).
        continuation.resume(returning: (read, model.store))
      }
    }
    #expect(read == "captured")
    #expect(modelRead == "captured")
    #expect(DependencyValues._current.store == "test")
  }

  @Test func theAsynchronousForm() async {
    let values = withDependencies {
      $0.store = "async"
    } operation: {
      DependencyValues._current
    }
    let read = await DependencyValues.$_current.withValue(values) {
      await Task { DependencyValues._current.store }.value
    }
    #expect(read == "async")
  }
}
