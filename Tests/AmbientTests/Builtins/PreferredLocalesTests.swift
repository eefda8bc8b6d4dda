import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct PreferredLocalesTests {
  @Test func liveFollowsThePreferredLanguages() {
    let locales = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      return preferredLocales
    }
    #expect(locales.map(\.identifier) == Locale.preferredLanguages.map { Locale(identifier: $0).identifier })
  }

  @Test func theTestValueReportsAndIsPOSIX() {
    @Dependency(\.preferredLocales) var preferredLocales
    var read: [Locale] = []
    let issues = recordedIssues { read = preferredLocales }
    #expect(read.map(\.identifier) == ["en_US_POSIX"])
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.preferredLocales) was read in the test context."#) == true)
  }

  @Test(.dependency(\.preferredLocales, [Locale(identifier: "de_DE"), Locale(identifier: "en_GB")]))
  func anOverrideIsUsedWithoutAReport() {
    @Dependency(\.preferredLocales) var preferredLocales
    #expect(preferredLocales.map(\.identifier) == ["de_DE", "en_GB"])
  }
}
