// Where URLSession is in FoundationNetworking (Linux, Windows, Android), `\.urlSession` lives
// here instead of in Ambient: importing FoundationNetworking links libcurl, and a program that
// links libcurl cannot link with `--static-swift-stdlib`, so only programs that depend on this
// module pay for it. Where Foundation has URLSession (Apple platforms), Ambient declares it
// (Sources/Ambient/Builtins/URLSession.swift) and this module is empty, so that
// `import AmbientURLSession` compiles everywhere. Keep the two declarations alike.
#if canImport(FoundationNetworking)
public import Ambient
import Foundation
public import FoundationNetworking

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
  /// - Important: Prefer a client whose endpoints are closures (Ambient's article "Designing
  ///   dependencies") over reaching for the session in feature code: a test then overrides one
  ///   call instead of stubbing HTTP.
  ///
  /// - Note: On Linux (wherever URLSession is in FoundationNetworking, which links libcurl) it
  ///   comes from this `AmbientURLSession` product, so that a program without it links with
  ///   `--static-swift-stdlib`: add `.product(name: "AmbientURLSession", package: "Ambient")`
  ///   to the target and `import AmbientURLSession`, which compiles on Apple platforms too.
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
    client?.urlProtocol(self, didFailWithError: failUnimplementedRequest(to: request.url))
  }

  override func stopLoading() {}
}
#endif
