@_exported import Dependencies
import Foundation

/// Collects the lines a program logs; tests read them back.
public final class Logbook: Sendable {
  private let lines = LockIsolated<[String]>([])

  public init() {}

  public func write(_ line: String) { lines.withValue { $0.append(line) } }
  public var written: [String] { lines.value }
}

extension Logbook: DependencyKey {
  public static var liveValue: Logbook { Logbook() }
  public static var testValue: Logbook { Logbook() }
}

extension DependencyValues {
  public var logbook: Logbook {
    get { self[Logbook.self] }
    set { self[Logbook.self] = newValue }
  }
}
