import Ambient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests from replies registered per host, without leaving the process, and
/// records every request it sees. Each test registers its own unique host, so tests running
/// in parallel never see each other's replies or requests.
final class StubURLProtocol: URLProtocol {
  enum Reply: Sendable {
    case status(Int, body: Data)
    case failure(URLError.Code)
  }

  private static let replies = LockIsolated<[String: Reply]>([:])
  private static let requests = LockIsolated<[String]>([])

  /// A new host that answers with `reply`.
  static func host(replying reply: Reply) -> String {
    let host = "stub-\(UUID().uuidString.lowercased()).test"
    replies.withValue { $0[host] = reply }
    return host
  }

  /// The URLs requested on `host` so far.
  static func requests(to host: String) -> [String] {
    requests.value.filter { URL(string: $0)?.host == host }
  }

  /// A session whose every request this protocol answers.
  static func session() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return URLSession(configuration: configuration)
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url else { return }
    Self.requests.withValue { $0.append(url.absoluteString) }
    switch url.host.flatMap({ Self.replies.value[$0] }) ?? .failure(.cannotFindHost) {
    case .status(let code, let body):
      let response = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: nil)!
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    case .failure(let code):
      client?.urlProtocol(self, didFailWithError: URLError(code))
    }
  }

  override func stopLoading() {}
}
