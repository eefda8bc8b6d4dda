import Ambient
import Foundation
import Testing

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
    withDependencies { $0.castAnalytics = MockAnalytics() } operation: {
      @Dependency(\.castAnalytics, as: MockAnalytics.self) var analytics
      CheckoutModel().buy()
      #expect(analytics?.events.value == ["buy"])
    }
  }

  @Test func aKeyReadReachesTheMockBehindTheExistential() {
    let mock = MockAnalytics()
    withDependencies { $0.castAnalytics = mock } operation: {
      @Dependency(AnalyticsKey.self, as: MockAnalytics.self) var analytics
      #expect(analytics === mock)
    }
  }

  @Test func theUnimplementedConformanceReportsWhenUsed() {
    withKnownIssue {
      CheckoutModel().buy()
    } matching: { $0.comments.map(\.rawValue).joined() == "Unimplemented: Analytics.track" }
  }

  @Test func aFailedKeyPathCastReportsBothTypesAndGivesNil() {
    let line = #line + 2  // the `@Dependency` below
    withKnownIssue {
      @Dependency(\.castAnalytics, as: MockAnalytics.self) var analytics
      #expect(analytics == nil)
    } matching: { issue in
      // Linux prints key paths to computed properties as `\.<computed 0x…>`: pin the rest.
      let keyPath = "\(\DependencyValues.castAnalytics)".replacingOccurrences(of: "\\DependencyValues", with: "\\")
      let text = issue.comments.map(\.rawValue).joined()
        .replacingOccurrences(of: keyPath, with: "\\.castAnalytics")
        .replacingOccurrences(of: String(keyPath.dropFirst()), with: ".castAnalytics")
      return text == """
        @Dependency(\\.castAnalytics, as: MockAnalytics.self) is a UnimplementedAnalytics, not a MockAnalytics, in the test context.

          Declared at:   AmbientTests/DependencyCastTests.swift:\(line)
          Declared type: Analytics
          Found:         UnimplementedAnalytics
          Expected:      MockAnalytics

        The read gives nil, because the override this code expects was not installed, or was installed as another type.

        To fix:
          • Install a MockAnalytics before the code under test reads it: withDependencies { $0.castAnalytics = MockAnalytics(…) }, or .dependency(\\.castAnalytics, MockAnalytics(…)) on the test.
          • Or ask for the type that is installed: @Dependency(\\.castAnalytics, as: UnimplementedAnalytics.self).
        """
    }
  }

  @Test func aFailedKeyCastNamesTheKey() {
    withDependencies { $0.castAnalytics = LiveAnalytics() } operation: {
      withKnownIssue {
        @Dependency(AnalyticsKey.self, as: MockAnalytics.self) var analytics
        #expect(analytics == nil)
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.hasPrefix(
          "@Dependency(AnalyticsKey.self, as: MockAnalytics.self) is a LiveAnalytics, not a MockAnalytics, in the test context."
        ) && text.contains("withDependencies { $0[AnalyticsKey.self] = MockAnalytics(…) }")
      }
    }
  }
}
