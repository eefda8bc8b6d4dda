@preconcurrency import Dependencies
import Foundation

/// The values of the shared keys.
public final class SharedStore: Sendable {
  private let values = LockIsolated<[String: Int]>([:])
  /// The keys this store knows, loaded when it is made.
  public let catalogue: [String]

  public init(catalogue: [String]) { self.catalogue = catalogue }

  public subscript(key: SharedKey) -> Int {
    get { values.value[key.name] ?? 0 }
    set { values.withValue { $0[key.name] = newValue } }
  }

  /// The values `key` takes from now on, starting with the current one.
  public func changes(of key: SharedKey) -> AsyncStream<Int> {
    AsyncStream(Int.self, bufferingPolicy: .bufferingNewest(1)) { continuation in
      continuation.yield(self[key])
      continuation.finish()
    }
  }
}

enum SharedStoreKey: DependencyKey {
  static var liveValue: SharedStore { SharedStore(catalogue: []) }
  // As the app does, the catalogue is read on a queue of its own, and the value waits for it.
  static var testValue: SharedStore {
    let loaded = DispatchSemaphore(value: 0)
    let catalogue = LockIsolated<[String]>([])
    DispatchQueue.global().async {
      catalogue.setValue(["count", "name"])
      loaded.signal()
    }
    loaded.wait()
    return SharedStore(catalogue: catalogue.value)
  }
}
