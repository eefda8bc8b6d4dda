import ConcurrencyExtras
public import Dependencies

/// A key of shared state: its name and the value it starts with.
public struct SharedKey: Hashable, Sendable {
  public let name: String
  /// The key's identity in the store, erased as the store keeps it.
  let id: AnyHashableSendable

  public init(_ name: String) {
    self.name = name
    self.id = AnyHashableSendable(name)
  }
}

extension DependencyValues {
  /// The store the shared keys live in.
  public var sharedStore: SharedStore {
    get { self[SharedStoreKey.self] }
    set { self[SharedStoreKey.self] = newValue }
  }
}
