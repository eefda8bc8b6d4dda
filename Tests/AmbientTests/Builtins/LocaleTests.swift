import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

@Suite struct LocaleTests {
  @Test func liveIsTheUsersLocale() {
    let locale = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.locale) var locale
      return locale
    }
    #expect(locale.identifier == Locale.autoupdatingCurrent.identifier)
  }

  @Test func theTestValueReportsAndIsPOSIX() {
    @Dependency(\.locale) var locale
    var read: Locale?
    let issues = recordedIssues { read = locale }
    #expect(read?.identifier == "en_US_POSIX")
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix(#"Unimplemented: @Dependency(\.locale) was read in the test context."#) == true)
  }

  @Test(.dependency(\.locale, Locale(identifier: "fr_FR")))
  func anOverrideIsUsedWithoutAReport() {
    @Dependency(\.locale) var locale
    #expect(locale.identifier == "fr_FR")
  }
}
