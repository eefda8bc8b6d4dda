import Ambient
import AmbientTestSupport
import Testing

/// Not `Sendable`: the closures of `withDependencies` may capture and mutate it.
private final class Recorder {
  var events: [String] = []
}

private struct Failure: Error {}

/// `withDependencies` and `withDependencies(from:)`: their forms, scoping, errors and isolation.
@Suite struct WithDependenciesTests {
  @Test func sync() {
    let read = withDependencies {
      $0.allValues = "sync"
    } operation: {
      DependencyValues._current.allValues
    }
    #expect(read == "sync")
  }

  @Test(oneMinuteLimit) func async() async {
    let read = await withDependencies {
      $0.allValues = await Self.asyncValue()
    } operation: {
      await Self.readAfterSuspending()
    }
    #expect(read == "async")
  }

  @Test func theUpdateSeesTheCurrentValues() {
    withDependencies {
      $0.allValues = "outer"
    } operation: {
      withDependencies {
        $0.allValues += " and inner"
      } operation: {
        #expect(DependencyValues._current.allValues == "outer and inner")
      }
    }
  }

  @Test(oneMinuteLimit) func errorsFromEitherClosurePropagate() async {
    #expect(throws: Failure.self) {
      try withDependencies { _ in
        throw Failure()
      } operation: {
      }
    }
    #expect(throws: Failure.self) {
      try withDependencies {
        $0.allValues = "x"
      } operation: {
        throw Failure()
      }
    }
    await #expect(throws: Failure.self) {
      try await withDependencies { _ in
        throw Failure()
      } operation: {
        await Self.readAfterSuspending()
      }
    }
    await #expect(throws: Failure.self) {
      try await withDependencies {
        $0.allValues = "x"
      } operation: {
        _ = await Self.readAfterSuspending()
        throw Failure()
      }
    }
  }

  // The synchronous form binds and ends its scope through the runtime's task-local push and
  // pop: an error from either closure leaves the values of the scope around it in place.
  @Test func aScopeThatThrowsLeavesTheOuterValuesInPlace() {
    withDependencies {
      $0.allValues = "outer"
    } operation: {
      _ = try? withDependencies { _ in
        throw Failure()
      } operation: {
      }
      #expect(DependencyValues._current.allValues == "outer")
      _ = try? withDependencies {
        $0.allValues = "inner"
      } operation: {
        #expect(DependencyValues._current.allValues == "inner")
        throw Failure()
      }
      #expect(DependencyValues._current.allValues == "outer")
    }
  }

  @Test func nestedScopesInnerWinsOuterIsRestored() {
    withDependencies {
      $0.allValues = "outer"
      $0.palette.name = "outer"
    } operation: {
      withDependencies {
        $0.allValues = "inner"
      } operation: {
        #expect(DependencyValues._current.allValues == "inner")
        #expect(DependencyValues._current.palette.name == "outer")
      }
      #expect(DependencyValues._current.allValues == "outer")
    }
    #expect(DependencyValues._current.allValues == "test")
  }

  @MainActor @Test func keepsTheCallersActorAndNeedsNoSendableClosures() async {
    let recorder = Recorder()
    var count = 0

    await withDependencies {
      MainActor.assertIsolated()
      recorder.events.append("update")
      $0.allValues = await Self.asyncValue()
    } operation: {
      MainActor.assertIsolated()
      _ = await Self.readAfterSuspending()
      MainActor.assertIsolated()
      recorder.events.append("operation")
      count += 1
    }

    #expect(recorder.events == ["update", "operation"])
    #expect(count == 1)
  }

  @Test func syncClosuresNeedNotBeSendable() {
    let recorder = Recorder()
    withDependencies { _ in
      recorder.events.append("update")
    } operation: {
      recorder.events.append("operation")
    }
    #expect(recorder.events == ["update", "operation"])
  }

  // MARK: withDependencies(from:)

  @Test func fromAModelGivesTheChildTheParentsValues() {
    let parent = withDependencies {
      $0.allValues = "parent"
      $0.palette.name = "parent"
    } operation: {
      GreeterModel()
    }

    let child = parent.makeChild()

    #expect(child.allValues == "parent")
    #expect(child.palette.name == "parent")
  }

  @Test func fromAModelWithChanges() {
    let parent = withDependencies {
      $0.allValues = "parent"
    } operation: {
      GreeterModel()
    }

    let child = withDependencies(from: parent) {
      $0.palette.name = "child"
    } operation: {
      ChildModel()
    }

    #expect(child.allValues == "parent")
    #expect(child.palette.name == "child")
  }

  @Test func fromAModelTheCallersScopeWinsOverTheParentAndTheParentOverDefaults() {
    let parent = withDependencies {
      $0.allValues = "parent"
      $0.palette.name = "parent"
    } operation: {
      GreeterModel()
    }

    let child = withDependencies {
      $0.allValues = "elsewhere"
    } operation: {
      parent.makeChild()
    }

    #expect(child.allValues == "elsewhere")
    #expect(child.palette.name == "parent")
    #expect(parent.makeChild().allValues == "parent")
  }

  @Test(oneMinuteLimit) func fromAModelAsync() async {
    let parent = withDependencies {
      $0.allValues = "parent"
    } operation: {
      GreeterModel()
    }

    let child = await withDependencies(from: parent) {
      _ = await Self.readAfterSuspending()
      return ChildModel()
    }
    let changed = await withDependencies(from: parent) {
      $0.palette.name = await Self.asyncValue()
    } operation: {
      ChildModel()
    }

    #expect(child.allValues == "parent")
    #expect(changed.allValues == "parent")
    #expect(changed.palette.name == "async")
  }

  @Test func fromAModelWithoutDependenciesIsReported() {
    let line = #line + 2
    withKnownIssue {
      let read = withDependencies(from: PlainModel()) { DependencyValues._current.allValues }
      #expect(read == "test")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          withDependencies(from:) was given a PlainModel, which holds no @Dependency properties and was not returned by a withDependencies operation, so there are no captured dependencies to inherit.

          The child is created with the current scope's dependencies instead of its parent's overrides.

          To fix:
            • Declare the dependencies PlainModel uses with @Dependency, so that it captures them when created.
            • Or create the PlainModel as what withDependencies { … } operation: { … } returns, which remembers its scope.
            • Or pass the parent that does hold them.
          """
        ]
    }
  }

  private static func asyncValue() async -> String {
    await Task.yield()
    return "async"
  }

  private static func readAfterSuspending() async -> String {
    await Task.yield()
    return DependencyValues._current.allValues
  }

  /// Values read through `@Dependency(\.self)` under another scope hold the
  /// model's captured overrides beside the current ones; bound whole, they keep both, for a
  /// model held from before and for `withDependencies(from:)` as for `_current` and new models.
  @Test func valuesReadThroughDependencySelfKeepTheirCapturedOverridesWhenBoundWhole() {
    let held = AnswerModel()
    let reader = withDependencies {
      $0[AnswerKey.self] = 42
    } operation: {
      AllValuesModel()
    }
    let values = withDependencies {
      $0.allValues = "elsewhere"
    } operation: {
      reader.values
    }

    withDependencies {
      $0 = values
    } operation: {
      #expect(DependencyValues._current[AnswerKey.self] == 42)
      #expect(DependencyValues._current.allValues == "elsewhere")
      #expect(AnswerModel().answer == 42)
      #expect(held.answer == 42, "a model held from before")
      #expect(withDependencies(from: held) { AnswerModel() }.answer == 42, "withDependencies(from:)")
    }
  }
}

private enum AnswerKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// A model with one dependency, captured when it is created.
private final class AnswerModel {
  @Dependency(AnswerKey.self) var answer
}

/// A model that keeps all of its values.
private final class AllValuesModel {
  @Dependency(\.self) var values
}
