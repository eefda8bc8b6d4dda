// Mirrors the examples of Ambient.docc/Articles/UnimplementedEndpoints.md.
import Ambient
import AmbientTesting
import Foundation
import Testing

enum UnimplementedEndpointsExamples {
  struct Recorder: Sendable {
    var start: @Sendable () async throws -> Void = unimplemented("Recorder.start")
    var stop: @Sendable () async -> URL? = unimplemented("Recorder.stop", placeholder: nil)
    var level: @Sendable () -> Double = unimplemented("Recorder.level", placeholder: 0)
    var mark: @Sendable (String, Int) -> Void = unimplemented("Recorder.mark")
  }

  struct Config: Sendable {
    var apiKey: String
  }

  struct Unnamed: Sendable {
    static let line = #line + 1
    var tick: @Sendable () -> Void = unimplemented()
  }
}

@Suite struct UnimplementedEndpointsExamplesTests {
  typealias Example = UnimplementedEndpointsExamples

  private func headline(_ issue: Issue) -> String? {
    issue.comments.first?.rawValue.split(separator: "\n").first.map(String.init)
  }

  @Test func eachShapeReportsThenThrowsReturnsThePlaceholderOrReturns() async {
    let recorder = Example.Recorder()
    await withKnownIssue {
      let error = await #expect(throws: UnimplementedFailure.self) { try await recorder.start() }
      #expect(error?.description == "Unimplemented: Recorder.start")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Unimplemented: Recorder.start

          Context: test

        This endpoint has no implementation in this context, so calling it is a mistake the test should see.

        To fix:
          • Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait.
        """
      ]
    }
    await withKnownIssue {
      #expect(await recorder.stop() == nil)
    } matching: { headline($0) == "Unimplemented: Recorder.stop" }
    withKnownIssue {
      #expect(recorder.level() == 0)
    } matching: { headline($0) == "Unimplemented: Recorder.level" }
    withKnownIssue {
      recorder.mark("a", 1)
    } matching: { headline($0) == "Unimplemented: Recorder.mark" }
  }

  @Test func aPlainValueReportsWhenItIsMade() {
    withKnownIssue {
      #expect(Example.Config(apiKey: unimplemented("Config.apiKey", placeholder: "")).apiKey == "")
    } matching: { headline($0) == "Unimplemented: Config.apiKey" }
  }

  @Test func withoutANameTheTypeAndTheDeclarationAreReported() {
    withKnownIssue {
      Example.Unnamed().tick()
    } matching: { issue in
      headline(issue) == "Unimplemented: Unnamed, declared at AmbientTests/UnimplementedEndpointsExamples.swift:\(Example.Unnamed.line)"
        && issue.sourceLocation?.line == Example.Unnamed.line
    }
  }
}
