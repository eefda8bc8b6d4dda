extension IssueMessage {
  /// Two traits of one `#Preview` set the same dependency.
  static func previewKeySetTwice(keyName: String, preview: String) -> IssueMessage {
    IssueMessage(
      headline: "Two traits of the preview at \(preview) set \(keyName); the first one's value is kept.",
      facts: [("Preview", preview), ("Dependency", keyName)],
      why:
        "Each trait of a preview changes its values once, and a dependency two of them set would depend on the order in which they are applied.",
      fixes: ["Set \(keyName) in one trait of the preview: .dependencies { … } changes several dependencies."]
    )
  }

  /// Models made in a `#Preview` closure may not read the preview's values (see `PreviewNotice`).
  static func previewClosureValues(_ reason: PreviewNotice.Reason, preview: String) -> IssueMessage {
    let closure = "Models made in the #Preview closure at \(preview)"
    let message: (headline: String, facts: [(label: String, value: String)], why: String)
    switch reason {
    case .anotherPreview(let other):
      message = (
        headline: "\(closure) may read another preview's dependencies.",
        facts: [("Preview", preview), ("Other preview", other)],
        why:
          "Xcode built the traits of the preview at \(other) after this one's, and a model made in a #Preview closure reads the values of the traits Xcode built last."
      )
    case .readBeforeShown:
      message = (
        headline: "\(closure) may not have read its dependencies.",
        facts: [("Preview", preview)],
        why:
          "Xcode built the traits of more than one preview before showing this one, and dependencies were read meanwhile: a model that read them then, in its initialiser, got the default values instead of this preview's."
      )
    case .notGiven(let names):
      let list = names.joined(separator: ", ")
      message = (
        headline: "\(closure) do not read what its traits set for \(list).",
        facts: [("Preview", preview), ("Not given", list)],
        why:
          "A context set by a trait reaches the views below the traits only, and a value that was read or prepared in the process first stays there (as the app's prepareDependencies does when its init runs in the preview process: skip it when isPreviewing)."
      )
    }
    return IssueMessage(
      headline: message.headline,
      facts: message.facts,
      why: message.why + " The views below this preview's traits, and models made there, read this preview's values.",
      fixes: [
        "Make the model below the traits, where it reads this preview's values whatever Xcode does: #Preview(traits: …) { WithDependencies(model: { FeatureModel() }) { FeatureView(model: $0) } }.",
        "Or give the model what it needs in its initialiser: FeatureView(model: FeatureModel(apiClient: .preview)).",
      ]
    )
  }
}
