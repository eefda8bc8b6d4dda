// Mirrors the examples of Ambient.docc/Articles/UnimplementedEndpoints.md.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

enum UnimplementedEndpointsExamples {
  struct Player: Sendable {
    var load: @Sendable (URL) async throws -> Data = unimplemented("Player.load")
    var position: @Sendable () async -> Double = unimplemented("Player.position", placeholder: 0)
    var isPlaying: @Sendable () -> Bool = unimplemented("Player.isPlaying", placeholder: false)
    var seek: @Sendable (Double, Bool) -> Void = unimplemented("Player.seek")
  }

  struct Config: Sendable {
    var apiKey: String
  }

  nonisolated struct Unnamed: Sendable {
    static let line = #line + 1
    var tick: @Sendable () -> Void = unimplemented()
  }
}

@Suite struct UnimplementedEndpointsExamplesTests {
  typealias Example = UnimplementedEndpointsExamples

  nonisolated private func headline(_ issue: Issue) -> String? {
    issue.comments.first?.rawValue.split(separator: "\n").first.map(String.init)
  }

  @Test(oneMinuteLimit) func eachShapeReportsThenThrowsReturnsThePlaceholderOrReturns() async {
    let player = Example.Player()
    await withKnownIssue {
      let error = await #expect(throws: UnimplementedFailure.self) {
        try await player.load(URL(fileURLWithPath: "/a.m4a"))
      }
      #expect(error?.description == "Unimplemented: Player.load")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Unimplemented: Player.load

          Context: test

        This endpoint has no implementation in this context, so calling it is a mistake the test should see.

        To fix:
          • Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait.
        """
      ]
    }
    await withKnownIssue {
      #expect(await player.position() == 0)
    } matching: {
      headline($0) == "Unimplemented: Player.position"
    }
    withKnownIssue {
      #expect(player.isPlaying() == false)
    } matching: {
      headline($0) == "Unimplemented: Player.isPlaying"
    }
    withKnownIssue {
      player.seek(1.5, true)
    } matching: {
      headline($0) == "Unimplemented: Player.seek"
    }
  }

  @Test func aPlainValueReportsWhenItIsMade() {
    withKnownIssue {
      #expect(Example.Config(apiKey: unimplemented("Config.apiKey", placeholder: "")).apiKey == "")
    } matching: {
      headline($0) == "Unimplemented: Config.apiKey"
    }
  }

  @Test func withoutANameTheTypeAndTheDeclarationAreReported() {
    withKnownIssue {
      Example.Unnamed().tick()
    } matching: { issue in
      headline(issue)
        == "Unimplemented: Unnamed, declared at \(#fileID):\(Example.Unnamed.line)"
        && issue.sourceLocation?.line == Example.Unnamed.line
    }
  }
}
