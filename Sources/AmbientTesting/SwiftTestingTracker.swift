import Ambient
import Foundation
import Testing

/// Names the running Swift Testing test (and parameterised case) with a token.
///
/// Swift Testing has no public identity for a test case, so a parameterised case is told
/// apart by its test's ID plus a description of the case, which includes its arguments and a
/// discriminator for cases with equal arguments.
///
/// The identity is the same in every iteration of `--repetitions` / `--repeat-until`, so the
/// iterations of one test share default values; the `.dependencies` traits start each
/// iteration from a new root, which is how a suite opts out of that sharing.
enum SwiftTestingTracker {
  private struct Identity: Hashable {
    let test: Test.ID
    let testCase: String?
  }

  private static let tokens = LockedDictionary<Identity, UInt>()

  /// The running test's token, or `nil` outside a Swift Testing test.
  static var currentToken: UInt? {
    guard let test = Test.current else { return nil }
    let testCase = Test.Case.current.flatMap { $0.isParameterized ? String(reflecting: $0) : nil }
    return tokens.value(for: Identity(test: test.id, testCase: testCase), default: TestTokens.next)
  }
}

/// Hands out test tokens; 0 means "no test".
enum TestTokens {
  private static let counter = LockedDictionary<Int, UInt>()

  static func next() -> UInt {
    counter.update(0) { ($0 ?? 0) + 1 }
  }
}

/// A dictionary behind a lock.
final class LockedDictionary<Key: Hashable, Value>: @unchecked Sendable {
  private let lock = Lock()
  private var storage: [Key: Value] = [:]

  func value(for key: Key, default makeValue: () -> Value) -> Value {
    lock.withLock {
      if let value = storage[key] { return value }
      let value = makeValue()
      storage[key] = value
      return value
    }
  }

  func update(_ key: Key, _ transform: (Value?) -> Value) -> Value {
    lock.withLock {
      let value = transform(storage[key])
      storage[key] = value
      return value
    }
  }
}
