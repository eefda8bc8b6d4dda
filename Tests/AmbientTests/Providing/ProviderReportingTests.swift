import AmbientTestSupport
import Testing

@testable import Ambient

/// A provider whose aggregate is missing reports once per appearance, however often SwiftUI
/// evaluates its body.
@MainActor @Suite struct ProviderReportingTests {
  private let missing = DependencyScope().required(AppAggregate.self)
  private let installed = DependencyScope().installing(AppAggregate.named("app")).required(AppAggregate.self)

  private func evaluate(_ reporting: ProviderReporting, _ required: Required<AppAggregate>, times: Int = 1) {
    for _ in 0..<times {
      reporting.evaluated(
        required, fileID: "Items/ItemListView.swift", filePath: "/Items/ItemListView.swift", line: 12, column: 9
      )
    }
  }

  @Test func manyEvaluationsInOneAppearanceReportOnce() {
    let reporting = ProviderReporting()

    let issues = recordedIssues {
      evaluate(reporting, missing)
      reporting.appeared()
      evaluate(reporting, missing, times: 5)
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("AppAggregate is not set: it was asked for in the test context") == true)
    #expect(issues.first?.contains("Asked for at: Items/ItemListView.swift:12") == true)
  }

  @Test func nothingIsReportedBeforeTheProviderAppears() {
    let reporting = ProviderReporting()

    evaluate(reporting, missing, times: 3)

    // Reaching here without a recorded issue is the assertion; appearing then reports.
    #expect(recordedIssues { reporting.appeared() }.count == 1)
  }

  @Test func eachNewAppearanceReportsAgain() {
    let reporting = ProviderReporting()

    let issues = recordedIssues {
      evaluate(reporting, missing)
      reporting.appeared()
      reporting.disappeared()
      reporting.appeared()
      evaluate(reporting, missing, times: 2)
    }

    #expect(issues.count == 2)
  }

  @Test func anInstalledAggregateIsNeverReported() {
    let reporting = ProviderReporting()

    evaluate(reporting, installed)
    reporting.appeared()
    evaluate(reporting, installed, times: 3)
    reporting.disappeared()
    reporting.appeared()

    #expect(installed.isInstalled)
  }

  @Test func anAggregateThatGoesMissingWhileShownIsReportedThen() {
    let reporting = ProviderReporting()
    evaluate(reporting, installed)
    reporting.appeared()

    let issues = recordedIssues { evaluate(reporting, missing, times: 2) }

    #expect(issues.count == 1)
  }
}
