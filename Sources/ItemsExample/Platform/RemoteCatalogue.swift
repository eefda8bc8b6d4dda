import Ambient
import AmbientURLSession
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The catalogue fetched over http(s) within an overall deadline and a size limit.
///
/// The session's timeouts are not enough on their own: `timeoutIntervalForRequest` restarts
/// with every byte, so a server that drips one byte a second is never timed out, and a
/// resource timeout is not enforced the same way on every platform. The deadline is therefore
/// a race against `\.continuousClock`, which covers a silent server, a stalled one and a
/// drip-fed one alike, and a test can drive with a `TestClock`.
struct RemoteCatalogue: Sendable {
  let url: URL
  let limits: CatalogueLimits
  @Dependency(\.urlSession) private var urlSession

  /// The body, checked for an HTTP error status; the request times out after `idleTimeout`
  /// seconds without a byte, the only deadline where no `Clock` is available.
  func download(idleTimeout: Double) async throws -> Data {
    var request = URLRequest(url: url)
    request.timeoutInterval = idleTimeout
    let (data, response) = try await BoundedDownload.data(
      for: request, configuredLike: urlSession, limit: limits.maxSize)
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      throw FailureReason(description: "the server answered HTTP \(http.statusCode)")
    }
    return data
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension RemoteCatalogue {
  private enum Event: Sendable {
    case arrived(Data)
    case slow
    case timedOut
  }

  /// The body, or ``ItemsError/catalogueTimedOut(source:seconds:)`` when it is not all there
  /// within the timeout. A load still running after ``CatalogueLimits/patience`` is noted on
  /// `\.console`, once.
  func data(displayName: String) async throws -> Data {
    @Dependency(\.continuousClock) var continuousClock
    @Dependency(\.console) var console
    // Child tasks capture a constant, not the property wrapper.
    let clock = continuousClock
    let timeout = limits.timeout
    return try await withThrowingTaskGroup(of: Event.self) { group in
      // The race below is the deadline; the request's must not end a load sooner (and
      // FoundationNetworking drops fractions of a second: 0.5 s would time out at once).
      group.addTask { .arrived(try await download(idleTimeout: timeout.rounded(.up) + 1)) }
      group.addTask {
        try await clock.sleep(for: .seconds(timeout))
        return .timedOut
      }
      if timeout > CatalogueLimits.patience {
        group.addTask {
          try await clock.sleep(for: .seconds(CatalogueLimits.patience))
          return .slow
        }
      }
      // Whatever ends the wait, the other children are cancelled: the download with its request.
      defer { group.cancelAll() }
      while let event = try await group.next() {
        switch event {
        case .arrived(let data):
          return data
        case .slow:
          console.note(
            "items: still loading the catalogue from \(displayName) (gives up after \(CatalogueLimits.describe(seconds: timeout)))…"
          )
        case .timedOut:
          throw ItemsError.catalogueTimedOut(source: displayName, seconds: timeout)
        }
      }
      throw CancellationError()
    }
  }
}
