import Ambient
import AmbientTestSupport
import Foundation
import Testing

/// What carries the current dependencies across concurrency boundaries, one behaviour a test.
@Suite struct PropagationTests {
  @Dependency(\.allValues) var allValues

  @Test func noScope() {
    #expect(allValues == "test")
  }

  @Test func nestedOverride() {
    withDependencies {
      $0.allValues = "outer"
    } operation: {
      #expect(allValues == "outer")
      withDependencies {
        $0.allValues = "inner"
      } operation: {
        #expect(allValues == "inner")
      }
      #expect(allValues == "outer")
    }
  }

  @Test(oneMinuteLimit) func siblingScopesDoNotSeeEachOther() async {
    async let first = withDependencies {
      $0.allValues = "first"
    } operation: {
      await Self.readAfterSuspending()
    }
    async let second = withDependencies {
      $0.allValues = "second"
    } operation: {
      await Self.readAfterSuspending()
    }
    #expect(await [first, second] == ["first", "second"])
    #expect(allValues == "test")
  }

  @Test(oneMinuteLimit) func childTaskInherits() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await Task { await Self.readAfterSuspending() }.value
    }
    #expect(read == "scoped")
  }

  @Test(oneMinuteLimit) func asyncLetInherits() async {
    await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      async let read = Self.readAfterSuspending()
      #expect(await read == "scoped")
    }
  }

  @Test(oneMinuteLimit) func taskGroupChildrenInherit() async {
    let reads = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 {
          group.addTask { await Self.readAfterSuspending() }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(reads == Array(repeating: "scoped", count: 4))
  }

  @Test(oneMinuteLimit) func detachedTaskDoesNotInherit() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await Task.detached { DependencyValues._current.allValues }.value
    }
    #expect(read == "test")
  }

  @Test(oneMinuteLimit) func dispatchQueueCallbackDoesNotInherit() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(returning: DependencyValues._current.allValues)
        }
      }
    }
    #expect(read == "test")
  }

  @Test(oneMinuteLimit) func escapedDependenciesCarryIntoADetachedTask() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          dependencies.yield { DependencyValues._current.allValues }
        }
      }
    }.value
    #expect(read == "scoped")
  }

  @Test(oneMinuteLimit) func escapedDependenciesCarryIntoADetachedTaskWithAsyncYield() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          await dependencies.yield { await Self.readAfterSuspending() }
        }
      }
    }.value
    #expect(read == "scoped")
  }

  @Test(oneMinuteLimit) func escapedDependenciesCapturedFromAsyncCode() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await withEscapedDependencies { dependencies in
        _ = await Self.readAfterSuspending()
        return Task.detached {
          dependencies.yield { DependencyValues._current.allValues }
        }
      }
    }.value
    #expect(read == "scoped")
  }

  @Test(oneMinuteLimit) func escapedDependenciesCarryIntoADispatchQueueCallback() async {
    let read = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      await withCheckedContinuation { continuation in
        withEscapedDependencies { dependencies in
          DispatchQueue.global().async {
            continuation.resume(returning: dependencies.yield { DependencyValues._current.allValues })
          }
        }
      }
    }
    #expect(read == "scoped")
  }

  @Test(oneMinuteLimit) func yieldRestoresTheCallbacksOwnValuesAfterwards() async {
    let reads = await withDependencies {
      $0.allValues = "scoped"
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          let inside = dependencies.yield { DependencyValues._current.allValues }
          return [inside, DependencyValues._current.allValues]
        }
      }
    }.value
    #expect(reads == ["scoped", "test"])
  }

  private static func readAfterSuspending() async -> String {
    await Task.yield()
    return DependencyValues._current.allValues
  }
}
