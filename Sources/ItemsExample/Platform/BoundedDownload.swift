import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one URL into memory, giving up as soon as the body outgrows a limit.
///
/// `URLSession.data(from:)` collects the whole body before anyone can look at it, so an
/// endless body grows memory without bound; here ``DownloadSessions`` hands each chunk over as
/// it arrives and the request is cancelled past the limit. Cancelling the calling task
/// cancels the request.
final class BoundedDownload: @unchecked Sendable {
  // @unchecked: every mutable property is read and written only under `lock`.
  private struct State {
    var body = Data()
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<(Data, URLResponse?), any Error>?
    var cancelled = false
  }

  private let limit: Int
  private let lock = NSLock()
  private var state = State()

  private init(limit: Int) {
    self.limit = limit
  }

  /// The body and response for `request`, sent through a session configured like `session`,
  /// or ``SizeLimitExceeded`` once more than `limit` bytes are declared or received.
  static func data(
    for request: URLRequest, configuredLike session: URLSession, limit: Int
  ) async throws -> (Data, URLResponse?) {
    let download = BoundedDownload(limit: limit)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = DownloadSessions.shared.task(for: request, configuredLike: session, reportingTo: download)
        let start = download.withState { state -> Bool in
          guard !state.cancelled else { return false }
          state.continuation = continuation
          state.task = task
          return true
        }
        if start {
          task.resume()
        } else {
          DownloadSessions.shared.forget(task)
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      download.withState { $0.cancelled = true }
      download.finish(.failure(CancellationError()))
    }
  }

  /// Whether to read the body: not when its declared length is over the limit.
  func shouldReceive(_ response: URLResponse) -> Bool {
    guard response.expectedContentLength > Int64(limit) else { return true }
    finish(.failure(SizeLimitExceeded()))
    return false
  }

  func receive(_ data: Data) {
    let over = withState { state -> Bool in
      guard state.body.count + data.count <= limit else {
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if over { finish(.failure(SizeLimitExceeded())) }
  }

  func complete(_ task: URLSessionTask, error: (any Error)?) {
    if let error {
      finish(.failure(error))
    } else {
      finish(.success((withState { $0.body }, task.response)))
    }
  }

  /// Resumes the caller once, with the first outcome, and stops the request. Every way out
  /// comes through here: FoundationNetworking does not always report completion after a
  /// cancel, so nothing waits for it.
  private func finish(_ result: Result<(Data, URLResponse?), any Error>) {
    let (continuation, task) = withState { state in
      defer { state.continuation = nil }
      return (state.continuation, state.task)
    }
    guard let continuation else { return }
    continuation.resume(with: result)
    if let task {
      task.cancel()
      DownloadSessions.shared.forget(task)
    }
  }

  private func withState<T>(_ body: (inout State) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }
}
