import ConcurrencyExtras
import Dependencies
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A feed of headlines: fetched over the session, and pushed to listeners as a stream.
public struct Feed: Sendable {
  @Dependencies.Dependency(\.urlSession) var session
  @Dependencies.Dependency(\.continuousClock) var clock

  public init() {}

  /// The session the feed fetches with (tests check which one).
  public var sessionConfigurationIdentifier: String? { session.configuration.identifier }

  /// The headlines, one at a time.
  public func headlines(_ titles: [String]) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.streamWithContinuation(String.self)
    for title in titles { continuation.yield(title) }
    continuation.finish()
    return stream
  }

  /// The same headlines, erased to a throwing stream.
  public func throwingHeadlines(_ titles: [String]) -> AsyncThrowingStream<String, any Error> {
    headlines(titles).eraseToThrowingStream()
  }
}

/// The dependency the feed fetches with, named through Dependencies' own module.
public func feedSessionKeyPath() -> KeyPath<Dependencies.DependencyValues, URLSession> { \.urlSession }
