extension Difference {
  /// Every difference the tool knows, in the order the report and the guide list them.
  // Changing a row changes the guide: regenerate its table with `swift run ambient-migrate
  // --guide-table` (the migration tests fail until the two agree).
  package static let all: [Difference] = [
    // Rewritten.
    Difference(
      id: "manifest-package", what: "The `swift-dependencies` package in `Package.swift`", handling: .rewritten,
      fix:
        "Removed; Ambient's reference is kept (or added with `--ambient-path`), and the products `Dependencies`, `DependenciesTestSupport` become `Ambient`, `AmbientTesting` (added to every test target that links `Ambient`); `DependenciesMacros` is dropped"
    ),
    Difference(
      id: "import", what: "`import Dependencies`, `DependenciesTestSupport`, `DependenciesMacros`",
      handling: .rewritten,
      fix: "`import Ambient`, `import AmbientTesting`; the macros' import is dropped"),
    Difference(
      id: "qualified-name", what: "Module-qualified names: `Dependencies.Dependency`, `Dependencies.withDependencies`",
      handling: .rewritten, fix: "`Ambient.Dependency`, `Ambient.withDependencies`"),
    Difference(
      id: "url-session", what: "`\\.urlSession` (on Linux it is in the `AmbientURLSession` product)",
      handling: .rewritten,
      fix:
        "The target gains `AmbientURLSession` and the file `import AmbientURLSession`, which compiles on Apple platforms too"
    ),
    Difference(
      id: "overlay-import",
      what:
        "`import XCTestDynamicOverlay`, `IssueReporting` or `ConcurrencyExtras`, which came through swift-dependencies, for names Ambient has",
      handling: .rewritten,
      fix: "`import Ambient` (the package is not added: Ambient has every name the file uses)"),
    Difference(
      id: "xctfail",
      what: "`XCTFail(…)` and `_XCTIsTesting` from XCTestDynamicOverlay (in a file that does not import XCTest)",
      handling: .rewritten, fix: "`reportIssue(…)` and `isTesting`"),
    Difference(
      id: "stream-with-continuation", what: "`AsyncStream.streamWithContinuation(…)` (deprecated)",
      handling: .rewritten,
      fix: "`AsyncStream.makeStream(of:…)`, the standard library's"),
    Difference(
      id: "suspension-error", what: "swift-clocks' `SuspensionError`", handling: .rewritten,
      fix: "`TestClockSuspensionError`, which names the deadlines still pending"),
    Difference(
      id: "dependency-client", what: "`@DependencyClient` on a struct of closure properties", handling: .rewritten,
      fix:
        "Each endpoint defaults to `unimplemented(\"Client.endpoint\")` (with a placeholder for `Void`, `Bool`, numbers, strings, arrays, dictionaries and optionals), so `Client()` is still the unimplemented value; a labelled method is written for each endpoint the code calls with labels"
    ),
    Difference(
      id: "dependency-entry", what: "`@DependencyEntry var x = Value()` in a `DependencyValues` extension",
      handling: .rewritten,
      fix: "The `DependencyValues` property and a private key whose live and test values are that default"),
    // Reported.
    Difference(
      id: "unparsed-file", what: "A Swift file whose comments, strings or brackets do not close", handling: .reported,
      fix: "Left untouched: fix the file (it does not compile either) and run the tool again, or port it by hand"),
    Difference(
      id: "ambient-missing", what: "A manifest that does not depend on Ambient", handling: .reported,
      fix:
        "Add Ambient to the manifest's `dependencies` beside swift-dependencies and run the plugin, or run `ambient-migrate --ambient-path <checkout>`, which adds `.package(path:)`"
    ),
    Difference(
      id: "dependency-package",
      what: "A package dependency that itself uses swift-dependencies (it re-exports `Dependencies` or declares keys)",
      handling: .reported,
      fix:
        "Port that package first (run the tool in it), or keep swift-dependencies for it: the two systems cannot share keys, and both `Dependency` names in one file are ambiguous"
    ),
    Difference(
      id: "issue-reporting-test-support",
      what: "A package that reports through IssueReporting (its own code or swift-sharing's)", handling: .reported,
      fix:
        "Add `.product(name: \"IssueReportingTestSupport\", package: \"swift-issue-reporting\")` to its test targets, which swift-dependencies' test support linked"
    ),
    Difference(
      id: "overlay-missing-name",
      what:
        "Names from XCTestDynamicOverlay, IssueReporting or ConcurrencyExtras that Ambient lacks: `XCTExpectFailure`, `IssueReporter`, `withIssueReporters`, `withIssueContext`, `AnyHashableSendable`, `cancellableValue`",
      handling: .reported,
      fix:
        "Add the package that has them: `.product(name: \"IssueReporting\", package: \"swift-issue-reporting\")` or `.product(name: \"ConcurrencyExtras\", package: \"swift-concurrency-extras\")`, and keep its import",
      scan:
        #"\b(XCTExpectFailure|IssueReporter|withIssueReporters|withIssueContext|AnyHashableSendable|cancellableValue)\b"#
    ),
    Difference(
      id: "qualified-unknown", what: "`Dependencies.X` for a name Ambient does not declare", handling: .reported,
      fix: "Write the name Ambient has, or declare it yourself"),
    Difference(
      id: "xctfail-location", what: "`XCTFail(…, file:, line:)` passing a location", handling: .reported,
      fix: "`reportIssue(message, filePath: file, line: line)`"),
    Difference(
      id: "missing-scheduler", what: "`\\.mainQueue`, `\\.mainRunLoop`", handling: .reported,
      fix: "Declare a key of your own (Ambient does not link Combine schedulers)",
      scan: #"\\\.(mainQueue|mainRunLoop)\b"#),
    Difference(
      id: "missing-open-url", what: "`\\.openURL`", handling: .reported,
      fix: "Declare a key of your own (Ambient does not link SwiftUI or UIKit)", scan: #"\\\.openURL\b"#),
    Difference(
      id: "missing-clock-name", what: "swift-clocks' `.immediate` clock and `clock.timer(interval:)`",
      handling: .reported,
      fix: "`ImmediateClock()`; for timers, depend on swift-clocks",
      scan: #"(\bclock:\s*\.immediate\b|\.timer\(\s*interval:)"#),
    Difference(
      id: "deprecated-with-value",
      what: "`DependencyValues.withValue`, `withValues`, `withTestValues` (deprecated in swift-dependencies)",
      handling: .reported,
      fix: "Compiles, with the same deprecation warning: write `withDependencies { $0.x = value } operation: { … }`",
      scan: #"\bDependencyValues\s*\.\s*(withValue|withValues|withTestValues)\b"#),
    Difference(
      id: "stream-buffering-policy", what: "`AsyncStream(sequence, bufferingPolicy:)` (deprecated)",
      handling: .reported,
      fix: "`AsyncStream(sequence)`, or `AsyncStream.makeStream(of:bufferingPolicy:)` fed from the sequence",
      scan: #"\bAsync(Throwing)?Stream(<[^>\n]*>)?\(\s*[^\s{)][^,\n)]*,\s*bufferingPolicy:"#),
    Difference(
      id: "dependency-endpoint", what: "`@DependencyEndpoint` on an endpoint", handling: .reported,
      fix: "Drop the attribute and write the method it generated by hand", scan: #"@DependencyEndpoint\b"#),
    Difference(
      id: "dependency-client-shape", what: "A `@DependencyClient` the tool does not rewrite", handling: .reported,
      fix:
        "Write the struct as the guide's \"Replacing `@DependencyClient`\" shows: each endpoint defaults to `unimplemented(\"Client.endpoint\", placeholder: …)`"
    ),
    Difference(
      id: "dependency-entry-shape", what: "A `@DependencyEntry` the tool does not rewrite", handling: .reported,
      fix:
        "Write the `DependencyValues` property with `get { self[Key.self] }` and `set { self[Key.self] = newValue }`, and a `DependencyKey` whose `liveValue` and `testValue` are the default"
    ),
    Difference(
      id: "global-lock",
      what: "A `liveValue` that starts work on another task or thread while it is built", handling: .reported,
      fix:
        "Ambient holds no global lock while a default is built, so other threads' reads go on: if they expected that work done, have them read this key first, or wait on what they share",
      scan: #"\bliveValue\b[^\n]*(\n[^\n]*){0,8}?(\bTask(\.detached)?\s*\{|\bDispatchQueue\b|\bThread\s*[\(\{])"#),
    Difference(
      id: "prepare-dependencies", what: "`prepareDependencies { … }`", handling: .reported,
      fix:
        "Same call; it applies every change (the context too) and returns the closure's result, and preparing a key already read reports an issue",
      scan: #"\bprepareDependencies\s*(\{|\()"#),
    Difference(
      id: "preview-trait", what: "`#Preview(traits: .dependencies { … })`", handling: .reported,
      fix: "`import AmbientUI` and add the `AmbientUI` product: Ambient's preview traits live there (iOS 18 and later)",
      scan: #"#Preview\([^\n]*\btraits:[^\n]*\.dependenc(y|ies)\b"#),
    Difference(
      id: "dependency-as", what: "`@Dependency(\\.x, as: Mock.self)`", handling: .reported,
      fix: "Same call; a failed cast reports both types, then stops the process",
      scan: #"@Dependency\([^\n]*,\s*as:"#),
    Difference(
      id: "suite-dependencies", what: "`@Suite(.dependencies)`", handling: .reported,
      fix:
        "Can go: with `AmbientTesting` linked every test and case starts from fresh values; keep it only to separate `--repetitions` of one test",
      scan: #"@Suite\(\s*\.dependencies\s*\)"#),
    Difference(
      id: "known-issue-text", what: "`withKnownIssue { … } matching:` comparing an issue's text", handling: .reported,
      fix: "Compare Ambient's text: each message names the dependency, the context and the fix",
      scan: #"\}\s*matching:\s*\{"#),
    Difference(
      id: "test-clock-run", what: "`TestClock.run()` without a timeout", handling: .reported,
      fix:
        "Stops after 1,000 wakes instead of after 500 ms of real time; `run(timeout: .milliseconds(500))` for the old limit",
      scan: #"\bclock\.run\(\s*\)"#),
  ]
}
