import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

private struct Weather: Sendable {
  var forecast: @Sendable () -> String
}

extension Weather: DependencyKey {
  static let liveValue = Weather(forecast: { "sunny" })
}

extension DependencyValues {
  fileprivate var weather: Weather {
    get { self[Weather.self] }
    set { self[Weather.self] = newValue }
  }
}

/// Every "Override it for this test" line reads the same, whole sentence: the trait, or
/// `withDependencies`, never a fragment.
@Suite struct MissingValueMessageCompatibilityTests {
  @Test func aMissingTestValueNamesTheTraitAndWithDependencies() {
    @Dependency(\.weather) var weather
    let texts = recordedIssues { _ = weather.forecast() }
    let fixes = texts.first?.split(separator: "\n").filter { $0.contains("• Override it for this test") } ?? []
    #expect(fixes.count == 1)
    // Linux prints key paths to computed properties as `\.<computed 0x…>`; the source names them.
    #expect(fixes.first?.hasSuffix("on the test, or withDependencies { $0.weather = … }.") == true)
  }

  @Test func anUnimplementedBuiltinNamesTheTraitAndWithDependenciesOnOneLine() {
    @Dependency(\.uuid) var uuid
    let texts = recordedIssues { _ = uuid() }
    #expect(texts.count == 1)
    let fixes = texts.first?.split(separator: "\n").filter { $0.contains("•") } ?? []
    #expect(
      fixes == [
        #"  • Override it for this test: .dependency(\.uuid, .incrementing) on the test, or withDependencies { $0.uuid = .incrementing }."#
      ])
  }

  @Test func theDateMessageHasNoDanglingOr() {
    @Dependency(\.date) var date
    let texts = recordedIssues { _ = date.now }
    #expect(texts.first?.contains("Override it for this test: or") == false)
    #expect(
      texts.first?.contains(
        #"Override it for this test: .dependency(\.date, .constant(Date(timeIntervalSince1970: 0))) on the test, or withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) }."#
      ) == true)
  }
}
