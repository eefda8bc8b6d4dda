import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate sessions that ``BoundedDownload`` streams through: one per session it is asked
/// to imitate (usually `URLSession.shared`), created once and kept for the life of the process.
///
/// A session per download would be simpler, but FoundationNetworking can crash while tearing
/// down a short-lived session that has just used a TLS connection, and `\.urlSession` is a
/// plain session with no delegate. A copy of its configuration keeps stubbed protocols
/// answering in tests.
final class DownloadSessions: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked: `sessions` and `downloads` are read and written only under `lock`.
  static let shared = DownloadSessions()

  private let lock = NSLock()
  // The imitated session stays referenced, so its identifier is never reused for another.
  private var sessions: [ObjectIdentifier: (imitated: URLSession, session: URLSession)] = [:]
  private var downloads: [ObjectIdentifier: BoundedDownload] = [:]

  /// A new, suspended task for `request` whose events go to `download`.
  func task(for request: URLRequest, configuredLike imitated: URLSession, reportingTo download: BoundedDownload)
    -> URLSessionDataTask
  {
    lock.lock()
    defer { lock.unlock() }
    let session: URLSession
    if let existing = sessions[ObjectIdentifier(imitated)] {
      session = existing.session
    } else {
      let configuration = imitated.configuration.copy() as! URLSessionConfiguration
      session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
      sessions[ObjectIdentifier(imitated)] = (imitated, session)
    }
    let task = session.dataTask(with: request)
    downloads[ObjectIdentifier(task)] = download
    return task
  }

  /// Stops sending the task's events anywhere.
  func forget(_ task: URLSessionTask) {
    lock.lock()
    defer { lock.unlock() }
    downloads[ObjectIdentifier(task)] = nil
  }

  private func download(for task: URLSessionTask) -> BoundedDownload? {
    lock.lock()
    defer { lock.unlock() }
    return downloads[ObjectIdentifier(task)]
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let wanted = download(for: dataTask)?.shouldReceive(response) ?? false
    completionHandler(wanted ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    download(for: dataTask)?.receive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    download(for: task)?.complete(task, error: error)
    forget(task)
  }
}
