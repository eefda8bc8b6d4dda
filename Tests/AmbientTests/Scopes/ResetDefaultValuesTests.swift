import Testing

@testable import Ambient

/// Forgetting cached default values, so that the next read builds them anew.
@Suite struct ResetDefaultValuesTests {
  @Test func resettingOneKeyRebuildsThatKeyOnly() {
    let log = BuildLog()
    withDependencies {
      $0 = .counting(.live, log: log)
    } operation: {
      let first = DependencyValues._current[CountedKey<First>.self]
      let second = DependencyValues._current[CountedKey<Second>.self]

      DependencyValues.resetDefaultValue(of: CountedKey<First>.self)

      #expect(DependencyValues._current[CountedKey<First>.self] !== first)
      #expect(DependencyValues._current[CountedKey<Second>.self] === second)
    }
    #expect(log.all == ["First.live", "Second.live", "First.live"])
  }

  @Test func resettingOneKeyAppliesToEveryContextOfTheRoot() {
    let log = BuildLog()
    withDependencies {
      $0 = .counting(.live, log: log)
    } operation: {
      for context in [DependencyContext.live, .preview, .test] {
        withDependencies {
          $0.context = context
        } operation: {
          _ = DependencyValues._current[CountedKey<First>.self]
        }
      }

      DependencyValues.resetDefaultValue(of: CountedKey<First>.self)

      for context in [DependencyContext.live, .preview, .test] {
        withDependencies {
          $0.context = context
        } operation: {
          _ = DependencyValues._current[CountedKey<First>.self]
        }
      }
    }
    #expect(log.all == ["First.live", "First.preview", "First.test", "First.live", "First.preview", "First.test"])
  }

  @Test func resettingAllRebuildsEveryKey() {
    let log = BuildLog()
    withDependencies {
      $0 = .counting(.live, log: log)
    } operation: {
      _ = DependencyValues._current[CountedKey<First>.self]
      _ = DependencyValues._current[CountedKey<Second>.self]

      DependencyValues.resetAllDefaultValues()

      _ = DependencyValues._current[CountedKey<First>.self]
      _ = DependencyValues._current[CountedKey<Second>.self]
    }
    #expect(log.count("First.live") == 2)
    #expect(log.count("Second.live") == 2)
  }

  @Test func overridesAreNotReset() {
    withDependencies {
      $0 = .freshRoot(.live)
    } operation: {
      withDependencies {
        $0.allValues = "override"
      } operation: {
        DependencyValues.resetAllDefaultValues()
        #expect(DependencyValues._current.allValues == "override")
      }
    }
  }

  // Over a root of its own: a reset applies to every test's values of the root it runs on.
  @Test func aResetKeyCanBePreparedAgain() {
    withDependencies {
      $0 = .freshRoot(.test)
    } operation: {
      prepareDependencies { $0.allValues = "first" }

      DependencyValues.resetDefaultValue(of: AllValuesKey.self)
      prepareDependencies { $0.allValues = "second" }

      #expect(DependencyValues._current.allValues == "second")
    }
  }
}

/// A default value whose deinit is counted, to prove a reset frees what it forgets.
enum ResetTrackedKey: TestDependencyKey {
  static let counter = DeinitCounter()
  static var testValue: Tracked { counter.tracked() }
}

/// What a reset forgets is freed, not kept.
@Suite(.serialized) struct ResetReleaseTests {
  @Test func aResetFreesTheValueItForgets() {
    withDependencies {
      $0 = $0.withFreshDefaultValues()
    } operation: {
      let before = ResetTrackedKey.counter.deinits
      for _ in 0..<100 {
        _ = DependencyValues._current[ResetTrackedKey.self]
        DependencyValues.resetDefaultValue(of: ResetTrackedKey.self)
      }
      // Each reset freed its value before it returned, whatever other tests' threads read.
      #expect(ResetTrackedKey.counter.deinits - before == 100)
    }
  }

  @Test func resettingEverythingFreesEveryValue() {
    withDependencies {
      $0 = $0.withFreshDefaultValues()
    } operation: {
      let before = ResetTrackedKey.counter.deinits
      _ = DependencyValues._current[ResetTrackedKey.self]
      DependencyValues.resetAllDefaultValues()
      #expect(ResetTrackedKey.counter.deinits - before == 1)
    }
  }
}
