import Ambient
import Testing

/// The value container: its subscript, its context presets, copies and the current scope.
@Suite struct DependencyValuesTests {
  @Test func subscriptReadsTheDefaultUntilSet() {
    var values = DependencyValues()
    #expect(values[AllValuesKey.self] == "test")

    values[AllValuesKey.self] = "set"

    #expect(values[AllValuesKey.self] == "set")
    #expect(values.allValues == "set")
  }

  @Test func settingOneKeyLeavesTheOthersAtTheirDefaults() {
    var values = DependencyValues()
    values.allValues = "set"

    #expect(values.testOnly == "test")
    #expect(values.palette == Palette(name: "test"))
  }

  @Test func contextPresetsReadThatContextsDefaults() {
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.test.context == .test)
    #expect(DependencyValues.live.allValues == "live")
    #expect(DependencyValues.preview.allValues == "preview")
    #expect(DependencyValues.test.allValues == "test")
  }

  @Test func newValuesReadTheDetectedContext() {
    #expect(DependencyValues().context == .test)
  }

  @Test func copiesAreIndependent() {
    var original = DependencyValues()
    original.allValues = "original"
    var copy = original

    copy.allValues = "copy"
    copy.context = .live

    #expect(original.allValues == "original")
    #expect(original.context == .test)
    #expect(copy.allValues == "copy")
    #expect(copy.context == .live)
  }

  @Test func changingTheOriginalLeavesACopyAlone() {
    var original = DependencyValues()
    original.allValues = "before"
    let copy = original

    original.allValues = "after"

    #expect(copy.allValues == "before")
  }

  @Test func currentOutsideAnyScopeReadsTestDefaults() {
    #expect(DependencyValues._current.context == .test)
    #expect(DependencyValues._current.allValues == "test")
    #expect(DependencyValues._current.palette == Palette(name: "test"))
  }

  @Test func currentInsideAScopeHasItsOverrides() {
    withDependencies {
      $0.allValues = "scoped"
    } operation: {
      #expect(DependencyValues._current.allValues == "scoped")
    }
    #expect(DependencyValues._current.allValues == "test")
  }
}
