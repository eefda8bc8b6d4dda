import Dependencies
import Foundation

/// Greets by the time of day, which the clock dependency tells.
public struct Greeter: Sendable {
  @Dependency(\.date.now) var now

  public init() {}

  /// "Good morning" before noon (UTC), "Good afternoon" after.
  public func greeting() -> String {
    Int(now.timeIntervalSince1970) % 86_400 < 43_200 ? "Good morning" : "Good afternoon"
  }
}
