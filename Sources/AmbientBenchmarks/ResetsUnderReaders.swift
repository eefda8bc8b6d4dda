import Ambient
import Foundation

/// A default value that counts how many of its kind are alive.
final class CountedValue: Sendable {
  static let alive = LockIsolated(0)
  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }
}

enum CountedValueKey: DependencyKey {
  static var liveValue: CountedValue { CountedValue() }
}

/// Resets a live default `resets` times while two threads read it without pause, then counts
/// the values the resets forgot that are still alive (target 0): once the readers have stopped,
/// one value is cached (the one built after the last reset) and every other must be freed.
/// A reset that waited for a moment when no thread reads, instead of for the reads in flight,
/// would leave thousands waiting here.
func measureValuesAliveAfterResets(resets: Int = 10_000, readers: Int = 2) -> Measurement {
  let stop = LockIsolated(false)
  let group = DispatchGroup()
  for _ in 0..<readers {
    group.enter()
    Thread.detachNewThread {
      var reads = 0
      while reads & 0xFF != 0 || !stop.value {
        blackHole(DependencyValues._current[CountedValueKey.self])
        reads += 1
      }
      group.leave()
    }
  }
  for _ in 0..<resets { DependencyValues.resetDefaultValue(of: CountedValueKey.self) }
  stop.setValue(true)
  group.wait()
  blackHole(DependencyValues._current[CountedValueKey.self])  // the cache holds exactly one now
  let forgottenAlive = CountedValue.alive.value - 1
  return Measurement(
    name: "values still alive after \(resets) resets under \(readers) busy readers",
    nsPerOp: Double(forgottenAlive), ratioToFloor: 1, floorName: nil
  )
}
