import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads one URL into memory, giving up as soon as the body outgrows a limit.
///
/// `URLSession.data(from:)` collects the whole body before anyone can look at it, so an
/// endless body grows memory without bound; this uses a session of the same configuration
/// (so stubbed protocols still answer) with a delegate that counts bytes as they arrive and
/// cancels the request past the limit. Cancelling the calling task cancels the request.
// Unchecked: every mutable property is read and written only under `lock`.
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

  /// The body and response for `url`, or ``SizeLimitExceeded`` once more than `limit` bytes are
  /// declared or received.
  static func data(
    from url: URL, configuration: URLSessionConfiguration, limit: Int
  ) async throws -> (Data, URLResponse?) {
    let download = BoundedDownload(limit: limit)
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: url)
        let start = download.withState { state -> Bool in
          guard !state.cancelled else { return false }
          state.continuation = continuation
          state.task = task
          return true
        }
        if start { task.resume() } else { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      download.withState { $0.cancelled = true }
      download.finish(.failure(CancellationError()))
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
    task?.cancel()
  }

  private func withState<T>(_ body: (inout State) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    // A declared length over the limit fails before a byte of the body is read.
    if response.expectedContentLength > Int64(limit) {
      completionHandler(.cancel)
      finish(.failure(SizeLimitExceeded()))
    } else {
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
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

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      finish(.failure(error))
    } else {
      finish(.success((withState { $0.body }, task.response)))
    }
  }
}
