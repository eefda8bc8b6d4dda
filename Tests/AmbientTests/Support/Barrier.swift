import Foundation

/// Holds threads until `count` of them have arrived, then lets them all go at once: the way
/// to make first reads race without sleeping.
final class Barrier: @unchecked Sendable {
  // @unchecked: `arrived` is read and written only while `condition` is locked.
  private let condition = NSCondition()
  private let count: Int
  private var arrived = 0

  init(count: Int) {
    self.count = count
  }

  /// Waits for the others; returns `false` if they did not all arrive within `timeout`
  /// (a safety net so a broken test fails instead of hanging).
  @discardableResult
  func arriveAndWait(timeout: TimeInterval = 30) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    arrived += 1
    if arrived == count {
      condition.broadcast()
      return true
    }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while arrived < count {
      if !condition.wait(until: deadline) { return false }
    }
    return true
  }
}

/// Starts `count` threads running `body` with their index, and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}
