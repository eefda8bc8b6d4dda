import Ambient

/// Hands out test tokens; 0 means "no test".
enum TestTokens {
  private final class Counter: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    let lock = Lock()
    var last: UInt = 0
  }

  private static let counter = Counter()

  static func next() -> UInt {
    counter.lock.withLock {
      counter.last += 1
      return counter.last
    }
  }
}
