import Ambient
import Testing

/// One-time set-up at the entry point. Each test has its own default values, so what one test
/// prepares never reaches another.
@Suite struct PrepareDependenciesTests {
  @Test func preparedValuesAreReadByLaterReadsAndModels() {
    prepareDependencies {
      $0.allValues = "prepared"
      $0.palette = Palette(name: "prepared")
    }

    @Dependency(\.allValues) var allValues
    let model = GreeterModel()

    #expect(allValues == "prepared")
    #expect(DependencyValues._current.allValues == "prepared")
    #expect(model.allValues == "prepared")
    #expect(model.palette.name == "prepared")
  }

  @Test func preparedValuesAreDefaultsThatScopesStillOverride() {
    prepareDependencies { $0.allValues = "prepared" }

    withDependencies {
      $0.allValues = "scoped"
    } operation: {
      #expect(DependencyValues._current.allValues == "scoped")
    }
    #expect(DependencyValues._current.allValues == "prepared")
  }

  @Test func preparingAKeyThatWasReadIsReportedAndKeepsTheFirstValue() {
    #expect(DependencyValues._current.palette.name == "test")

    let line = #line + 2
    withKnownIssue {
      prepareDependencies { $0.palette = Palette(name: "prepared") }
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          prepareDependencies set a Palette that was already read; the value read first is kept.

          Code that already read the default would disagree with code that reads the prepared value.

          To fix:
            • Call prepareDependencies once, at the app's entry point, before anything reads dependencies.
          """
        ]
    }
    #expect(DependencyValues._current.palette.name == "test")
  }

  @Test func preparingAKeyTwiceIsReportedAndKeepsTheFirstValue() {
    prepareDependencies { $0.palette = Palette(name: "first") }

    withKnownIssue {
      prepareDependencies { $0.palette = Palette(name: "second") }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        prepareDependencies set a Palette that was already prepared; the first value is kept.

        Prepared values are for one-time set-up at the entry point.

        To fix:
          • Prepare each dependency once; use withDependencies to change it for one scope.
        """
      ]
    }
    #expect(DependencyValues._current.palette.name == "first")
  }

  @Test func aConflictOnOneKeyStillPreparesTheOthers() {
    _ = DependencyValues._current.palette

    withKnownIssue {
      prepareDependencies {
        $0.palette = Palette(name: "prepared")
        $0.allValues = "prepared"
      }
    }
    #expect(DependencyValues._current.palette.name == "test")
    #expect(DependencyValues._current.allValues == "prepared")
  }
}
