#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension DependencyValues {
  /// The URL session to load data with.
  ///
  /// Live and preview: `URLSession.shared`. Test: a session on which every request fails
  /// without leaving the process: it reports an issue that names the URL and fails with an
  /// `URLError` whose description names it too.
  ///
  /// - Important: URLSession loads on its own threads, outside the test's task, so Swift
  ///   Testing cannot attribute the report to the test: it appears as a warning on standard
  ///   error (XCTest records it against the running test). The test still sees the request
  ///   fail with the error that names the URL.
  ///
  /// ```swift
  /// @Dependency(\.urlSession) var urlSession
  /// let (data, _) = try await urlSession.data(from: catalogueURL)
  ///
  /// // In a test, give it a session whose configuration has your own URLProtocol:
  /// withDependencies { $0.urlSession = URLSession(configuration: stubbedConfiguration) } operation: { … }
  /// ```
  ///
  /// - Important: Prefer a client whose endpoints are closures (<doc:DesigningDependencies>)
  ///   over reaching for the session in feature code: a test then overrides one call instead
  ///   of stubbing HTTP.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

private enum URLSessionKey: DependencyKey {
  static var liveValue: URLSession { .shared }
  static var testValue: URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

/// Answers every request of the test session by reporting it and failing it.
final class UnimplementedURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let url = request.url?.absoluteString ?? "a request without a URL"
    reportIssue(IssueMessage.unimplementedRequest(url).description)
    let error = URLError(
      .notConnectedToInternet,
      userInfo: [NSLocalizedDescriptionKey: "Unimplemented: \\.urlSession request to \(url)"]
    )
    client?.urlProtocol(self, didFailWithError: error)
  }

  override func stopLoading() {}
}

extension IssueMessage {
  static func unimplementedRequest(_ url: String) -> IssueMessage {
    IssueMessage(
      headline: "Unimplemented: @Dependency(\\.urlSession) was asked to load \(url) in the test context.",
      why: "A test must not reach the network, so the request failed without leaving the process.",
      fixes: [
        "Override the client that makes this request, for example withDependencies { $0.apiClient.fetchItems = { … } }.",
        "Or override \\.urlSession with a session whose configuration has a URLProtocol that answers it.",
      ]
    )
  }
}
