extension Difference {
  /// Every difference the tool knows, in the order the report and the guide list them: what it
  /// rewrites, then what it reports, certain ones (to fix) before possible ones (to check).
  // Changing a row changes the guide: regenerate its table with `swift run ambient-migrate
  // --guide-table` (the migration tests fail until the two agree).
  package static let all: [Difference] = rewrites + toFix + toCheck

  /// What the tool rewrites.
  static let rewrites: [Difference] = [
    Difference(
      id: "manifest-package",
      what: "The `swift-dependencies` package in `Package.swift` and in every `Package@swift-*.swift`",
      handling: .rewritten,
      fix:
        "Removed; Ambient's reference is kept (or added: the one another manifest has, or `.package(path:)` with `--ambient-path`), and the products `Dependencies`, `DependenciesTestSupport` become `Ambient`, `AmbientTesting` (added to every test target that links `Ambient`); `DependenciesMacros` is dropped, with the property that declares it (`static var dependenciesMacros: Target.Dependency { … }`) and its uses. A manifest is written only once SwiftPM loads the rewritten one"
    ),
    Difference(
      id: "import",
      what:
        "`import Dependencies`, `DependenciesTestSupport`, `DependenciesMacros`, with any access modifier or attribute (`public import`, `@preconcurrency`, `@testable`, `@_exported`)",
      handling: .rewritten,
      fix:
        "`import Ambient`, `import AmbientTesting`, with the same modifier and attributes, once a file; the macros' import is dropped"
    ),
    Difference(
      id: "qualified-name",
      what:
        "Module-qualified names: `Dependencies.Dependency`, `XCTestDynamicOverlay.unimplemented` (of every module whose import becomes Ambient's)",
      handling: .rewritten, fix: "`Ambient.Dependency`, `Ambient.unimplemented`"),
    Difference(
      id: "url-session", what: "`\\.urlSession` (on Linux it is in the `AmbientURLSession` product)",
      handling: .rewritten,
      fix:
        "The target gains `AmbientURLSession` and the file `import AmbientURLSession`, which compiles on Apple platforms too"
    ),
    Difference(
      id: "overlay-import",
      what:
        "`import XCTestDynamicOverlay`, `IssueReporting` or `ConcurrencyExtras`, which came through swift-dependencies (the manifest does not name their package), in a file that uses only names Ambient has",
      handling: .rewritten,
      fix: "`import Ambient`, or nothing where the file imports Ambient already"),
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
        "Each endpoint defaults to `unimplemented(\"Client.endpoint\")` (with a placeholder for `Void`, `Bool`, numbers, strings, arrays, dictionaries and optionals, and `<#Result#>` to fill in for other results), so `Client()` is still the unimplemented value; a labelled method is written for each endpoint the code calls with labels"
    ),
    Difference(
      id: "dependency-entry", what: "`@DependencyEntry var x = Value()` in a `DependencyValues` extension",
      handling: .rewritten,
      fix: "The `DependencyValues` property and a private key whose live and test values are that default"),
  ]
}
