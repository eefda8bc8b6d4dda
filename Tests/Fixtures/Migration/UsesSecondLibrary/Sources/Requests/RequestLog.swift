import Dependencies
import Logbook

/// Sends requests and logs each in the logbook dependency SecondLibrary declares.
public struct RequestLog: Sendable {
  @Dependency(\.logbook) var logbook

  public init() {}

  public func send(_ path: String) {
    logbook.write("GET \(path)")
  }
}
