/// The traits of one `#Preview` that Xcode built together (one `makePreview()`), as the
/// ``PreviewCanvas`` keeps them: what they set, and what the canvas found out about the
/// preview's closure.
///
/// Traits of one preview are built one after the other, with the `#Preview`'s location; a trait
/// at the same location built before the preview was shown joins the group. A key two traits
/// set keeps the first trait's value, as the views below keep it (the first trait is the
/// innermost modifier).
@MainActor
final class PreviewGroup {
  /// The `#Preview`.
  let preview: SourceLocation
  /// What the traits set, each key once, in the order the traits were built.
  private(set) var boxes: [(key: UInt, box: AnyValueBox)] = []
  /// The context a trait set, if one did.
  private(set) var context: DependencyContext?
  /// Whether a view below the traits was computed: the preview was shown.
  var isShown = false
  /// The handover (see `PreviewCanvas`) at which the process took these values, if it did.
  var givenAt: UInt64?
  /// What the process could not take (named), when it took the values.
  var notGiven: [String] = []
  /// Why the models of the closure may have read other values before the preview was first
  /// shown; it stays for the preview's life.
  var finding: PreviewNotice.Reason?
  /// Whether a key set by two traits was reported, so that it is reported once.
  var reportedRepeatedKeys = false

  init(preview: SourceLocation) {
    self.preview = preview
  }

  /// `#Preview`s are told apart by their place in the source.
  var place: String { "\(preview.fileID):\(preview.line)" }

  /// Whether `location` is this group's `#Preview`.
  func isPreview(at location: SourceLocation) -> Bool {
    location.line == preview.line && location.column == preview.column
      && location.fileID.description == preview.fileID.description
  }

  /// Adds what a trait sets; returns the values of the keys no earlier trait set.
  func add(_ traitBoxes: [(key: UInt, box: AnyValueBox)], context traitContext: DependencyContext?) -> [(
    key: UInt, box: AnyValueBox
  )] {
    let added = traitBoxes.filter { box in !boxes.contains { $0.key == box.key } }
    boxes += added
    context = context ?? traitContext
    return added
  }
}
