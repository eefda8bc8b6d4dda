extension Difference {
  /// What the tool reports because the code compiles but may behave differently, where it
  /// relies on what swift-dependencies did.
  static let toCheck: [Difference] = [
    Difference(
      id: "manifest-old-toolchain",
      what:
        "A manifest that only Swift toolchains before 6.0 read (`Package.swift` beside `Package@swift-6.0.swift`, or a `Package@swift-5.x.swift`)",
      handling: .toCheck,
      fix:
        "Migrated like the others, but those toolchains cannot build Ambient (it needs Swift 6.0): delete the manifest once nobody builds the package with them"
    ),
    Difference(
      id: "issue-reporting-test-support",
      what:
        "A package whose code, or a dependency's (swift-sharing's, swift-custom-dump's…), reports through IssueReporting",
      handling: .toCheck,
      fix:
        "Add `.product(name: \"IssueReportingTestSupport\", package: …)` to its test targets, with the package named as the manifest names it (`xctest-dynamic-overlay` or `swift-issue-reporting`): swift-dependencies' test support linked it, and without it those issues never reach the test"
    ),
    Difference(
      id: "deprecated-with-value",
      what: "`DependencyValues.withValue`, `withValues`, `withTestValues` (deprecated in swift-dependencies)",
      handling: .toCheck,
      fix: "Compiles, with the same deprecation warning: write `withDependencies { $0.x = value } operation: { … }`",
      scan: #"\bDependencyValues\s*\.\s*(withValue|withValues|withTestValues)\b"#),
    Difference(
      id: "global-lock",
      what:
        "A `liveValue`, `testValue` or `previewValue` that blocks (waits on a semaphore, a group or a queue, or sleeps) or starts work on another task or thread while it is built",
      handling: .toCheck,
      fix:
        "Ambient holds no global lock while a default is built, so other threads' reads of other keys go on: if they expected this one built first, have them read this key first, or wait on what they share"
    ),
    Difference(
      id: "prepare-dependencies", what: "`prepareDependencies { … }`", handling: .toCheck,
      fix:
        "Same call; it applies every change (the context too) and returns the closure's result, and preparing a key already read reports an issue",
      scan: #"\bprepareDependencies\s*(\{|\()"#),
    Difference(
      id: "dependency-as", what: "`@Dependency(\\.x, as: Mock.self)`", handling: .toCheck,
      fix: "Same call; a failed cast reports both types, then stops the process",
      scan: #"@Dependency\([^\n]*,\s*as:"#),
    Difference(
      id: "suite-dependencies", what: "`@Suite(.dependencies)`", handling: .toCheck,
      fix:
        "Can go: with `AmbientTesting` linked every test and case starts from fresh values; keep it only to separate `--repetitions` of one test",
      scan: #"@Suite\(\s*\.dependencies\s*\)"#),
    Difference(
      id: "known-issue-text",
      what:
        "`withKnownIssue { … } matching:` comparing an issue's text with swift-dependencies' (\"Unimplemented\", \"@Dependency(…)\", \"test context\"…)",
      handling: .toCheck,
      fix: "Compare Ambient's text: each message names the dependency, the context and the fix"),
    Difference(
      id: "test-clock-run", what: "`TestClock.run()` without a timeout", handling: .toCheck,
      fix:
        "Stops after 1,000 wakes instead of after 500 ms of real time; `run(timeout: .milliseconds(500))` for the old limit",
      scan: #"\bclock\.run\(\s*\)"#),
  ]
}
