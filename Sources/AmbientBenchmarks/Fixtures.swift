import Ambient

/// The floor: a task-local holding a small struct, as `DependencyValues._current` does.
struct Floor: Sendable {
  final class Box: Sendable {}
  static let sharedBox = Box()
  @TaskLocal static var value = Floor(count: 0, box: sharedBox)
  var count: Int
  var box: Box
}

struct BenchNumber: DependencyKey, Sendable {
  var value: Int
  static let liveValue = BenchNumber(value: 42)
  static let testValue = BenchNumber(value: 42)
}

extension DependencyValues {
  var benchNumber: BenchNumber {
    get { self[BenchNumber.self] }
    set { self[BenchNumber.self] = newValue }
  }
}

/// A default built from another dependency that opts in to being built again where that one is
/// overridden (`DerivedDependencyKey`).
struct BenchDerived: DependencyKey, DerivedDependencyKey, Sendable {
  var value: Int
  static var liveValue: BenchDerived {
    @Dependency(\.benchNumber) var number
    return BenchDerived(value: number.value + 1)
  }
}

extension DependencyValues {
  var benchDerived: BenchDerived {
    get { self[BenchDerived.self] }
    set { self[BenchDerived.self] = newValue }
  }
}

// @unchecked: its properties are Sendable wrappers that are never reassigned.
final class BenchDerivedModel: @unchecked Sendable {
  @Dependency(\.benchDerived) var derived
  @Dependency(\.benchNumber) var number
}

enum Key1: DependencyKey { static let liveValue = 0 }
enum Key2: DependencyKey { static let liveValue = 0 }
enum Key3: DependencyKey { static let liveValue = 0 }
enum Key4: DependencyKey { static let liveValue = 0 }
enum Key5: DependencyKey { static let liveValue = 0 }
enum Key6: DependencyKey { static let liveValue = 0 }
enum Key7: DependencyKey { static let liveValue = 0 }
enum Key8: DependencyKey { static let liveValue = 0 }
enum Key9: DependencyKey { static let liveValue = 0 }

// @unchecked: its one property is a Sendable wrapper that is never reassigned.
final class BenchModel: @unchecked Sendable {
  @Dependency(\.benchNumber) var number
}

/// A function that declares its own `@Dependency`, as a reducer or a helper does: each call
/// captures the current values and reads them once.
@inline(never)
func readThroughALocalDependency() -> Int {
  @Dependency(\.benchNumber) var number
  return number.value
}

final class ThreeDependencyModel {
  @Dependency(\.benchNumber) var number
  @Dependency(Key1.self) var one
  @Dependency(Key2.self) var two
}

/// The same model without dependencies: what creating and freeing the object itself costs.
final class ThreePlainPropertiesModel {
  var number = BenchNumber(value: 0)
  var one = 0
  var two = 0
}

/// What users read: a client struct of closures, each holding a context (three references to
/// retain and release on every read, where `BenchNumber` has none).
struct BenchClient: DependencyKey, Sendable {
  var fetch: @Sendable () -> Int
  var save: @Sendable (Int) -> Void
  var name: @Sendable () -> String

  static let liveValue = BenchClient(seed: 42)
  static let testValue = BenchClient(seed: 42)

  init(seed: Int) {
    let storage = Floor.Box()
    fetch = {
      _ = storage
      return seed
    }
    save = {
      _ = storage
      _ = $0
    }
    name = {
      _ = storage
      return "client \(seed)"
    }
  }
}

extension DependencyValues {
  var benchClient: BenchClient {
    get { self[BenchClient.self] }
    set { self[BenchClient.self] = newValue }
  }
}

// @unchecked: its one property is a Sendable wrapper that is never reassigned.
final class BenchClientModel: @unchecked Sendable {
  @Dependency(\.benchClient) var client
}

/// A client struct whose closures capture nothing: each closure's context is `nil`, so copying
/// it retains nothing. Beside ``BenchClient`` (whose closures capture state, as most real
/// clients' do), it separates what Ambient's read costs from what copying the user's closures
/// costs, which a bare task-local read of the same struct pays too.
struct BenchPlainClient: DependencyKey, Sendable {
  var fetch: @Sendable () -> Int
  var save: @Sendable (Int) -> Void
  var name: @Sendable () -> String

  static let liveValue = BenchPlainClient(fetch: { 42 }, save: { _ in }, name: { "plain client" })
  static let testValue = liveValue
}

extension DependencyValues {
  var benchPlainClient: BenchPlainClient {
    get { self[BenchPlainClient.self] }
    set { self[BenchPlainClient.self] = newValue }
  }
}

// @unchecked: its one property is a Sendable wrapper that is never reassigned.
final class BenchPlainClientModel: @unchecked Sendable {
  @Dependency(\.benchPlainClient) var client
}

/// The floors of the client reads: task-locals holding the same structs, read the way
/// `@Dependency` hands them out (a copy, each closure's context retained).
enum ClientFloor {
  @TaskLocal static var capturing = BenchClient(seed: 1)
  @TaskLocal static var plain = BenchPlainClient(fetch: { 1 }, save: { _ in }, name: { "floor" })
}
