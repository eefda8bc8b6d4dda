extension IssueMessage {
  /// A launch chose a profile the app does not declare; its one line is the headline.
  static func unknownLaunchProfile(_ unknown: UnknownLaunchProfile, context: DependencyContext) -> IssueMessage {
    let asked = unknown.name.isEmpty ? "nothing after \(unknown.source)" : "\"\(unknown.name)\", in \(unknown.source)"
    return IssueMessage(
      headline: unknown.description,
      facts: [("Asked for", asked), ("Context", context.rawValue)],
      why:
        "No launch profile was applied: the launch would otherwise run on values it did not ask for, and a UI test would pass or fail by luck.",
      fixes: [
        "Choose declared profiles by name: \(LaunchProfile.environmentVariable)=a,b in the launch environment, or \(LaunchProfile.launchArgument) a in the launch arguments.",
        "Or declare the profile, LaunchProfile(\"name\") { $0.… = … }, in the list passed to prepareDependencies(launchProfiles:).",
      ]
    )
  }

  /// A declared profile that no launch can choose, or that another declared profile shadows.
  static func unchoosableLaunchProfile(named name: String, because reason: String) -> IssueMessage {
    IssueMessage(
      headline: "The launch profile \"\(name)\" can never be chosen: \(reason).",
      why: "A launch that asks for it gets another profile, or is refused as naming an unknown one.",
      fixes: ["Give each launch profile its own name, without commas or surrounding spaces."]
    )
  }
}
