import Ambient
import AmbientTestSupport
import Testing

/// Every form of `unimplemented`: each reports once per call, then returns its placeholder
/// or throws ``UnimplementedFailure``.
@Suite struct UnimplementedTests {
  @Test func closuresWithAPlaceholderOfAnyArity() {
    let none: @Sendable () -> Int = unimplemented("None", placeholder: 0)
    let one: @Sendable (Int) -> String = unimplemented("One", placeholder: "placeholder")
    let two: @Sendable (Int, String) -> Bool = unimplemented("Two", placeholder: true)

    let issues = recordedIssues {
      #expect(none() == 0)
      #expect(one(1) == "placeholder")
      #expect(two(1, "a"))
    }

    #expect(
      issues.map { $0.components(separatedBy: "\n")[0] } == [
        "Unimplemented: None", "Unimplemented: One", "Unimplemented: Two",
      ])
  }

  @Test func theReportIsPinnedAndPointsAtTheDeclaration() {
    let line = #line + 1
    let fetch: @Sendable (Int) -> [String] = unimplemented("APIClient.fetch", placeholder: [])
    let locations = LockIsolated<[Int]>([])

    withKnownIssue {
      _ = fetch(1)
    } matching: { issue in
      locations.withValue { $0.append(issue.sourceLocation?.line ?? 0) }
      return issue.comments.map(\.rawValue) == [
        """
        Unimplemented: APIClient.fetch

          Context: test

        This endpoint has no implementation in this context, so calling it is a mistake the test should see.

        To fix:
          • Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait.
        """
      ]
    }
    #expect(locations.value == [line])
  }

  @Test func theReportNamesTheContextItWasCalledIn() {
    let track: @Sendable () -> Void = unimplemented("Analytics.track")
    let issues = recordedIssues {
      withDependencies {
        $0.context = .preview
      } operation: {
        track()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("  Context: preview") == true)
  }

  @Test func withoutADescriptionTheEnclosingFunctionIsNamed() {
    let endpoint: @Sendable () -> Int = unimplemented(placeholder: 0)
    let issues = recordedIssues { _ = endpoint() }
    #expect(issues.first?.hasPrefix("Unimplemented: withoutADescriptionTheEnclosingFunctionIsNamed()") == true)
  }

  @Test func throwingClosureWithoutAPlaceholderThrows() {
    let fetch: @Sendable (Int, String) throws -> Int = unimplemented("APIClient.fetch")

    let issues = recordedIssues {
      let error = #expect(throws: UnimplementedFailure.self) { try fetch(1, "a") }
      #expect(error?.description == "Unimplemented: APIClient.fetch")
    }

    #expect(issues.count == 1)
  }

  @Test(oneMinuteLimit) func asyncClosureWithAPlaceholder() async {
    let load: @Sendable (Int) async -> [Int] = unimplemented("Store.load", placeholder: [7])

    let issues = await recordedIssues {
      #expect(await load(1) == [7])
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Unimplemented: Store.load") == true)
  }

  @Test(oneMinuteLimit) func asyncThrowingClosure() async {
    let load: @Sendable () async throws -> [Int] = unimplemented("Store.load")

    let issues = await recordedIssues {
      let error = await #expect(throws: UnimplementedFailure.self) { try await load() }
      #expect(error?.description == "Unimplemented: Store.load")
    }

    #expect(issues.count == 1)
  }

  @Test(oneMinuteLimit) func voidClosures() async {
    let track: @Sendable (String) -> Void = unimplemented("Analytics.track")
    let flush: @Sendable () async -> Void = unimplemented("Analytics.flush")

    let issues = await recordedIssues {
      track("event")
      await flush()
    }

    #expect(
      issues.map { $0.components(separatedBy: "\n")[0] } == [
        "Unimplemented: Analytics.track", "Unimplemented: Analytics.flush",
      ])
  }

  @Test(oneMinuteLimit) func throwingClosuresReturningNothingThrow() async {
    let save: @Sendable (Int, String) throws -> Void = unimplemented("Store.save")
    let sync: @Sendable () async throws -> Void = unimplemented("Store.sync")

    let issues = await recordedIssues {
      #expect(throws: UnimplementedFailure.self) { try save(1, "a") }
      await #expect(throws: UnimplementedFailure.self) { try await sync() }
    }

    #expect(
      issues.map { $0.components(separatedBy: "\n")[0] } == [
        "Unimplemented: Store.save", "Unimplemented: Store.sync",
      ])
  }

  @Test func eachCallReports() {
    let ping: @Sendable () -> Void = unimplemented("Ping")
    let issues = recordedIssues {
      ping()
      ping()
    }
    #expect(issues.count == 2)
  }

  @Test func plainValueWithAPlaceholder() {
    let issues = recordedIssues {
      let apiKey: String = unimplemented("Config.apiKey", placeholder: "placeholder")
      #expect(apiKey == "placeholder")
    }
    #expect(issues.first?.hasPrefix("Unimplemented: Config.apiKey") == true)
    #expect(issues.count == 1)
  }

  @Test func creatingAnEndpointReportsNothing() {
    let fetch: @Sendable () throws -> Int = unimplemented("APIClient.fetch")
    let track: @Sendable () -> Void = unimplemented("Analytics.track")
    _ = (fetch, track)
  }
}
