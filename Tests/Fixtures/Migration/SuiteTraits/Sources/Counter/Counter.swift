import Dependencies
import Foundation

/// Counts taps and stamps each with the time and an identifier.
public final class Counter: @unchecked Sendable {
  // @unchecked: the fixture's tests use one counter from one task.
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  public private(set) var taps: [(id: UUID, at: Date)] = []

  public init() {}

  public func tap() {
    taps.append((uuid(), now))
  }
}

/// The store the counter saves to.
public struct CountStore: TestDependencyKey, Sendable {
  public var save: @Sendable (Int) async throws -> Void
  public static let testValue = CountStore(save: unimplemented("CountStore.save"))
}

extension DependencyValues {
  public var countStore: CountStore {
    get { self[CountStore.self] }
    set { self[CountStore.self] = newValue }
  }
}
