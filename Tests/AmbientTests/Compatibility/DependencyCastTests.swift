import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

// The protocol-based alternative to endpoints: live, mock and unimplemented conformances.
protocol Analytics: Sendable {
  func track(_ event: String)
}
struct LiveAnalytics: Analytics {
  func track(_ event: String) {}
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
extension DependencyValues {
  var castAnalytics: any Analytics {
    get { self[AnalyticsKey.self] }
    set { self[AnalyticsKey.self] = newValue }
  }
}

private final class CheckoutModel {
  @Dependency(\.castAnalytics) var analytics
  func buy() { analytics.track("buy") }
}

@Suite struct DependencyCastTests {
  @Test func aKeyPathReadReachesTheMockBehindTheExistential() {
    withDependencies {
      $0.castAnalytics = MockAnalytics()
    } operation: {
      @Dependency(\.castAnalytics, as: MockAnalytics.self) var analytics
      CheckoutModel().buy()
      #expect(analytics.events.value == ["buy"])
    }
  }

  @Test func aKeyReadReachesTheMockBehindTheExistential() {
    let mock = MockAnalytics()
    withDependencies {
      $0.castAnalytics = mock
    } operation: {
      @Dependency(AnalyticsKey.self, as: MockAnalytics.self) var analytics
      #expect(analytics === mock)
    }
  }

  @Test func theUnimplementedConformanceReportsWhenUsed() {
    withKnownIssue {
      CheckoutModel().buy()
    } matching: {
      $0.comments.map(\.rawValue).joined() == "Unimplemented: Analytics.track"
    }
  }

  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test(oneMinuteLimit) func aFailedKeyPathCastReportsBothTypesThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Dependency(\.castAnalytics, as: MockAnalytics.self) var analytics
      analytics.track("never")
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("is a UnimplementedAnalytics, not a MockAnalytics, in the test context."))
    #expect(standardError.contains("Or ask for the type that is installed:"))
  }

  @Test(oneMinuteLimit) func aFailedKeyCastNamesTheKeyThenStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withDependencies {
        $0.castAnalytics = LiveAnalytics()
      } operation: {
        @Dependency(AnalyticsKey.self, as: MockAnalytics.self) var analytics
        analytics.track("never")
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "@Dependency(AnalyticsKey.self, as: MockAnalytics.self) is a LiveAnalytics, not a MockAnalytics, in the test context."
      ))
    #expect(standardError.contains("withDependencies { $0[AnalyticsKey.self] = MockAnalytics(…) }"))
  }
  #endif

  @Test func theFailedCastMessageNamesBothTypesAndTheFix() {
    let site = ReadSite.at(
      ReadSite.interned(
        fileID: "AmbientTests/DependencyCastTests.swift", filePath: #filePath, line: 7, column: 3, key: nil
      ))!
    let message = IssueMessage.failedCast(
      dependency: #"\.castAnalytics"#, declared: "Analytics", found: "UnimplementedAnalytics",
      expected: "MockAnalytics", context: .test, site: site
    )
    #expect(
      message.description == #"""
        @Dependency(\.castAnalytics, as: MockAnalytics.self) is a UnimplementedAnalytics, not a MockAnalytics, in the test context.

          Declared at:   AmbientTests/DependencyCastTests.swift:7
          Declared type: Analytics
          Found:         UnimplementedAnalytics
          Expected:      MockAnalytics

        Swift cannot make a MockAnalytics out of nothing, so the process stops after this report. The override this code expects was not installed, or was installed as another type.

        To fix:
          • Install a MockAnalytics before the code under test reads it: .dependency(\.castAnalytics, MockAnalytics(…)) on the test, or withDependencies { $0.castAnalytics = MockAnalytics(…) }.
          • Or ask for the type that is installed: @Dependency(\.castAnalytics, as: UnimplementedAnalytics.self).
        """#)
  }
}
