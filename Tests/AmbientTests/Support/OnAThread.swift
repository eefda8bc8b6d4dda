import Foundation

/// Runs `body` on a thread of its own and returns its result without blocking a thread of the
/// cooperative pool (tests whose builds wait for tasks need that pool free).
func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
