extension IssueMessage {
  /// A required dependency was asked for, but none was installed.
  static func notInstalled(typeName: String, context: DependencyContext, location: String) -> IssueMessage {
    IssueMessage(
      headline: "\(typeName) is not set: it was asked for in the \(context.rawValue) context, but none was installed.",
      facts: [
        ("Asked for at", location),
        ("Required key", typeName),
        ("Context", context.rawValue),
      ],
      why:
        "\(typeName) is a RequiredDependencyKey, so it has no default value: Ambient used the fallback instead of building a live one in its place.",
      fixes: [
        "Install it once at the app's root: prepareDependencies { $0.install(\(typeName)(…)) }, or .dependency(\(typeName)(…)) on the root view.",
        "In a preview or a test, install one for that scope: withDependencies { $0.install(\(typeName)(…)) } operation: { … }.",
      ]
    )
  }
}
