// Mirrors the examples of Ambient.docc/Articles/LivePreviewAndTestValues.md.
import Ambient
import Testing

enum LivePreviewAndTestValuesExamples {
  struct Greeter: DependencyKey {
    var greet: @Sendable (String) -> String
  }

  struct Speller: TestDependencyKey {
    var check: @Sendable (String) -> Bool
  }
}

nonisolated extension LivePreviewAndTestValuesExamples.Greeter {
  static let liveValue = Self(greet: { "Hello, \($0)!" })
}

nonisolated extension DependencyValues {
  fileprivate var greeter: LivePreviewAndTestValuesExamples.Greeter {
    get { self[LivePreviewAndTestValuesExamples.Greeter.self] }
    set { self[LivePreviewAndTestValuesExamples.Greeter.self] = newValue }
  }
}

// The article's `WelcomeModel`; its `@Dependency` line is the one the quoted message names.
final class WelcomeModel {
  @Dependency(\.greeter) var greeter
}

nonisolated extension LivePreviewAndTestValuesExamples.Speller {
  static let testValue = Self(check: unimplemented("Speller.check", placeholder: true))
  static let previewValue = Self(check: { _ in true })
}

// The article's live module.
nonisolated extension LivePreviewAndTestValuesExamples.Speller: DependencyKey {
  static let liveValue = Self(check: { !$0.isEmpty })
}

@Suite struct LivePreviewAndTestValuesExamplesTests {
  typealias Speller = LivePreviewAndTestValuesExamples.Speller

  @Test func aKeyWithOnlyALiveValueFailsTheTestWithTheQuotedMessage() {
    withKnownIssue {
      #expect(WelcomeModel().greeter.greet("Ada") == "Hello, Ada!")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        @Dependency(\\.greeter) has no test implementation, but was read in the test context.

          Declared at: \(#fileID):28
          Key:         Greeter
          Value:       Greeter

        A test that reaches a live value can touch the network, the disk or the clock, so Ambient fails the test instead of letting it pass by luck. This read used the preview value, which defaults to the live value.

        To fix:
          • Override it for this test: .dependency(\\.greeter, …) on the test, or withDependencies { $0.greeter = … }.
          • Or give Greeter a `testValue`, for example one whose endpoints are `unimplemented(…)`.
        """
      ]
    }
  }

  @Test func itIsReportedOncePerKeyPerTest() {
    let reports = LockIsolated(0)
    withKnownIssue {
      _ = WelcomeModel().greeter.greet("Ada")
      _ = WelcomeModel().greeter.greet("Grace")
    } matching: { _ in
      reports.withValue { $0 += 1 }
      return true
    }
    #expect(reports.value == 1)
  }

  @Test func overridingTheContextSwitchesTheDefaults() {
    let model = withDependencies {
      $0.context = .preview
    } operation: {
      WelcomeModel()
    }
    // The preview value defaults to the live value, and preview reads report nothing.
    #expect(model.greeter.greet("Ada") == "Hello, Ada!")
  }

  @Test func aTestDependencyKeyUsesItsOwnValuesPerContext() {
    #expect(DependencyValues.live[Speller.self].check("") == false)
    #expect(DependencyValues.preview[Speller.self].check("") == true)
    withKnownIssue {
      #expect(DependencyValues.test[Speller.self].check("") == true)
    } matching: {
      $0.comments.first?.rawValue.hasPrefix("Unimplemented: Speller.check") == true
    }
  }
}
