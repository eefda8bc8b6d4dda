/// A type-erased hashable, sendable value, as ConcurrencyExtras' is (a stand-in).
public struct AnyHashableSendable: Hashable, Sendable {
  // Sound because the only initialiser takes a `Sendable` base, the one value `AnyHashable`
  // holds.
  nonisolated(unsafe) private let base: AnyHashable

  /// Wraps `base`.
  public init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }
}
