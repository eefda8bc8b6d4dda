// Mirrors the examples of Ambient.docc/Articles/DesigningDependencies.md.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

enum DesigningDependenciesExamples {
  struct AudioPlayer: TestDependencyKey {
    var play: @Sendable (_ url: URL) async throws -> TimeInterval
    var setVolume: @Sendable (_ volume: Double) async -> Void
    var isPlaying: @Sendable () -> Bool
  }

  struct Recorder: DependencyKey {
    var start: @Sendable () async throws -> Void = unimplemented("Recorder.start")
    var stop: @Sendable () async -> URL? = unimplemented("Recorder.stop", placeholder: nil)
    var level: @Sendable () -> Double = unimplemented("Recorder.level", placeholder: 0)
  }

  protocol Analytics: Sendable {
    func track(_ event: String)
  }

  struct LiveAnalytics: Analytics {
    func track(_ event: String) { /* send it */  }
  }

  struct UnimplementedAnalytics: Analytics {
    func track(_ event: String) { reportIssue("Unimplemented: Analytics.track") }
  }

  final class MockAnalytics: Analytics {
    let events = LockIsolated<[String]>([])
    func track(_ event: String) { events.withValue { $0.append(event) } }
  }

  enum AnalyticsKey: DependencyKey {
    static let liveValue: any Analytics = LiveAnalytics()
    static let testValue: any Analytics = UnimplementedAnalytics()
  }

  final class CheckoutModel {
    @Dependency(\.analytics) var analytics
    func buy() { analytics.track("buy") }
  }
}

nonisolated extension DesigningDependenciesExamples.AudioPlayer {
  static let testValue = Self(
    play: unimplemented("AudioPlayer.play"),
    setVolume: unimplemented("AudioPlayer.setVolume"),
    isPlaying: unimplemented("AudioPlayer.isPlaying", placeholder: false)
  )
}

nonisolated extension DesigningDependenciesExamples.Recorder {
  static let liveValue = Self(
    start: {},
    stop: { nil },
    level: { 0.5 }
  )
  static let testValue = Self()  // every endpoint unimplemented
}

nonisolated extension DependencyValues {
  fileprivate var audioPlayer: DesigningDependenciesExamples.AudioPlayer {
    get { self[DesigningDependenciesExamples.AudioPlayer.self] }
    set { self[DesigningDependenciesExamples.AudioPlayer.self] = newValue }
  }
  fileprivate var analytics: any DesigningDependenciesExamples.Analytics {
    get { self[DesigningDependenciesExamples.AnalyticsKey.self] }
    set { self[DesigningDependenciesExamples.AnalyticsKey.self] = newValue }
  }
}

@Suite struct DesigningDependenciesExamplesTests {
  typealias Example = DesigningDependenciesExamples

  nonisolated private func headline(_ issue: Issue) -> String? {
    issue.comments.first?.rawValue.split(separator: "\n").first.map(String.init)
  }

  @Test(oneMinuteLimit) func unimplementedClosuresReportThenThrowReturnThePlaceholderOrReturn() async {
    @Dependency(\.audioPlayer) var player
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure.self) { try await player.play(URL(fileURLWithPath: "/a.m4a")) }
    } matching: {
      headline($0) == "Unimplemented: AudioPlayer.play"
    }
    await withKnownIssue {
      await player.setVolume(0.5)
    } matching: {
      headline($0) == "Unimplemented: AudioPlayer.setVolume"
    }
    withKnownIssue {
      #expect(player.isPlaying() == false)
    } matching: {
      headline($0) == "Unimplemented: AudioPlayer.isPlaying"
    }
  }

  @Test(.dependency(\.audioPlayer.isPlaying, { true }))
  func aFeatureCanDependOnOneEndpoint() {
    @Dependency(\.audioPlayer.isPlaying) var isPlaying
    #expect(isPlaying())
  }

  @Test(oneMinuteLimit) func endpointsAreUnimplementedUntilGivenABody() async {
    let recorder = Example.Recorder()
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure.self) { try await recorder.start() }
    } matching: {
      headline($0) == "Unimplemented: Recorder.start"
    }
    await withKnownIssue {
      #expect(await recorder.stop() == nil)
    } matching: {
      headline($0) == "Unimplemented: Recorder.stop"
    }
    withKnownIssue {
      #expect(recorder.level() == 0)
    } matching: {
      headline($0) == "Unimplemented: Recorder.level"
    }
  }

  @Test(oneMinuteLimit) func aValueThatLeavesOutAnEndpointKeepsItUnimplemented() async {
    let partial = Example.Recorder(level: { 0.25 })
    #expect(partial.level() == 0.25)
    await withKnownIssue {
      #expect(await partial.stop() == nil)
    } matching: {
      headline($0) == "Unimplemented: Recorder.stop"
    }
  }

  @Test(oneMinuteLimit) func theLiveRecorderIsBuiltMemberwise() async throws {
    let live = Example.Recorder.liveValue
    try await live.start()
    #expect(await live.stop() == nil)
    #expect(live.level() == 0.5)
  }

  @Test(.dependency(\.analytics, DesigningDependenciesExamples.MockAnalytics()))
  func buyingTracksAnEvent() {
    Example.CheckoutModel().buy()
    @Dependency(\.analytics, as: Example.MockAnalytics.self) var analytics
    #expect(analytics.events.value == ["buy"])
  }

  @Test func theUnimplementedConformanceReports() {
    withKnownIssue {
      Example.CheckoutModel().buy()
    } matching: {
      headline($0) == "Unimplemented: Analytics.track"
    }
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test(oneMinuteLimit) func aFailedCastIsReportedThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Dependency(\.analytics, as: DesigningDependenciesExamples.MockAnalytics.self) var analytics
      _ = analytics
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    // Inside an exit test `#filePath` names the macro expansion, so the message cannot quote
    // the key path from the source line: pin the rest of the headline.
    #expect(standardError.contains("is a UnimplementedAnalytics, not a MockAnalytics, in the test context."))
  }
  #endif
}
