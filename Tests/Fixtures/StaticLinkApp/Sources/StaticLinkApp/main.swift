import Ambient
import Foundation

// Reads built-ins that need no network, overridden so that the output is the same on every run
// and .ci/check-static-link can compare it.
let line = try await withDependencies {
  $0.uuid = .incrementing
  $0.date = .constant(Date(timeIntervalSince1970: 1_700_000_000))
  $0.continuousClock = ImmediateClock()
} operation: {
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.continuousClock) var clock
  // An ImmediateClock: returns at once (the check gives the program a few seconds).
  try await clock.sleep(for: .seconds(60))
  return "\(uuid()) \(uuid()) \(Int(now.timeIntervalSince1970)) slept 60 s"
}
print(line)
