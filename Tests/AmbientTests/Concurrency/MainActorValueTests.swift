import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@testable import Ambient

/// A UI-bound service, as a main-actor app target declares one.
@MainActor private final class Haptics {
  private(set) var taps = 0
  func tap() { taps += 1 }
}

/// Counts the objects its key builds, so a test can tell "built once" from "built again".
private let hapticsBuilds = LockIsolated(0)

private enum HapticsKey: DependencyKey {
  static var liveValue: MainActorValue<Haptics> { counted() }
  static var testValue: MainActorValue<Haptics> { counted() }

  private static func counted() -> MainActorValue<Haptics> {
    MainActorValue {
      hapticsBuilds.withValue { $0 += 1 }
      return Haptics()
    }
  }
}

extension DependencyValues {
  fileprivate var haptics: MainActorValue<Haptics> {
    get { self[HapticsKey.self] }
    set { self[HapticsKey.self] = newValue }
  }
}

/// The builds that `operation` made.
@MainActor private func builds(during operation: @MainActor () async -> Void) async -> Int {
  let before = hapticsBuilds.value
  await operation()
  return hapticsBuilds.value - before
}

@Suite(oneMinuteLimit, .serialized) struct MainActorValueTests {
  @MainActor @Test func readOnTheMainActorBuildsOnceThere() async {
    let built = await builds {
      @Dependency(\.haptics) var haptics
      haptics.value.tap()
      haptics.value.tap()
      #expect(haptics.value === haptics.value)
      #expect(haptics.value.taps == 2)
    }
    #expect(built == 1)
  }

  @MainActor @Test func readOffTheMainActorHandsOutTheBoxAndBuildsNothing() async {
    let built = await builds {
      await withDependencies {
        $0 = .freshRoot(.live)
      } operation: {
        let box = await withEscapedDependencies { dependencies in
          await Task.detached {
            #expect(!Thread.isMainThread)
            return dependencies.yield {
              @Dependency(\.haptics) var haptics
              return haptics
            }
          }.value
        }
        #expect(!box.isBuilt)
        @Dependency(\.haptics) var haptics
        // The box read off the main actor is the dependency's default, the one read here.
        #expect(box === haptics)
        box.value.tap()
        #expect(haptics.value.taps == 1)
      }
    }
    #expect(built == 1)
  }

  @MainActor @Test func eachRootHasItsOwnObject() async {
    let first = withFreshRoot(.live) { DependencyValues._current.haptics.value }
    let second = withFreshRoot(.live) { DependencyValues._current.haptics.value }
    #expect(first !== second)
  }

  @MainActor @Test func anOverrideHandsOutTheObjectItWasGiven() async {
    let haptics = Haptics()
    let built = await builds {
      withDependencies {
        $0.haptics = MainActorValue(haptics)
      } operation: {
        @Dependency(\.haptics) var read
        read.value.tap()
      }
    }
    #expect(built == 0)
    #expect(haptics.taps == 1)
  }
}
