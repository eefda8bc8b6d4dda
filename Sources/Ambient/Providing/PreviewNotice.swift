/// The warning a preview with AmbientUI traits draws above its content when models made in
/// its `#Preview` closure may not read its values: it names the preview, says what happened and
/// how to make the model below the traits, where nothing Xcode does changes what it reads.
/// AmbientUI draws it; the decision and the text are made here, where they are tested.
package struct PreviewNotice: Sendable, Equatable {
  /// Why a closure's models may not read the preview's values.
  enum Reason: Sendable, Equatable {
    /// Another preview's traits, at that `#Preview`, took the process's values.
    case anotherPreview(String)
    /// Several previews' traits were built before this one was shown, and the process's values
    /// were read meanwhile.
    case readBeforeShown
    /// The process could not take what the traits set for these dependencies.
    case notGiven([String])
  }

  let reason: Reason
  /// The first line: what may be wrong, and where.
  package let headline: String
  /// The whole message: the headline, the facts, why, and the fix.
  package let text: String

  init(preview: String, reason: Reason) {
    self.reason = reason
    let message = IssueMessage.previewClosureValues(reason, preview: preview)
    headline = message.headline
    text = message.description
  }
}
