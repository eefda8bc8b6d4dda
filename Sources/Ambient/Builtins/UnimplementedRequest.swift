package import Foundation

/// Reports a request that the test context's `\.urlSession` was asked to load, and returns the
/// error the request fails with, which names the URL too.
///
/// `package` because the test session is declared where URLSession is: in Ambient where
/// Foundation has it (Apple platforms), in AmbientURLSession where FoundationNetworking has it.
/// Both fail requests through this one function, so they report and fail alike.
package func failUnimplementedRequest(to url: URL?) -> URLError {
  let url = url?.absoluteString ?? "a request without a URL"
  reportIssue(IssueMessage.unimplementedRequest(url).description)
  return URLError(
    .notConnectedToInternet,
    userInfo: [NSLocalizedDescriptionKey: "Unimplemented: \\.urlSession request to \(url)"]
  )
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
