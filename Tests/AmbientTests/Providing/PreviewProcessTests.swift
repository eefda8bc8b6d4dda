import Testing

@testable import Ambient

/// `isPreviewing`: whether the process renders Xcode previews, for an `App.init` that runs there.
@Suite struct PreviewProcessTests {
  @Test func xcodesPreviewProcessIsPreviewing() {
    #expect(PreviewProcess.isPreviewing(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
  }

  @Test func anyOtherProcessIsNot() {
    #expect(!PreviewProcess.isPreviewing(environment: [:]))
    #expect(!PreviewProcess.isPreviewing(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"]))
    #expect(!PreviewProcess.isPreviewing(environment: ["AMBIENT_CONTEXT": "preview"]), "a forced context is not Xcode")
  }

  @Test func thisTestProcessIsNotPreviewing() {
    #expect(!isPreviewing)
  }
}
