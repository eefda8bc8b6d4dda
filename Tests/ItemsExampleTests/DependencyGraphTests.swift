import AmbientTestSupport
import Testing

@testable import ItemsExample

/// `--dependency-graph FORMAT`: the command runs as usual, and what it read replaces its output.
// Each test carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite(oneMinuteLimit) struct DependencyGraphTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func listDrawsWhatItReadAsMermaid() async {
    let outcome = await run("--preview", "--dependency-graph", "mermaid")
    #expect(outcome.status == 0)
    #expect(outcome.errorOutput == "")
    let lines = outcome.output.components(separatedBy: "\n")
    #expect(lines.first == "flowchart LR")
    #expect(lines.contains(#"  root["items list"]"#))
    // The entry point built the aggregate from the preview values (reading them where it sets
    // the aggregate, by key), and the command read the aggregate.
    for label in [#"APIClient.self<br/>preview, default"#, #"Database.self<br/>preview, default"#] {
      #expect(lines.contains { $0.hasSuffix(#"["\#(label)"]"#) }, "no node \(label)")
    }
    #expect(lines.contains { $0.hasSuffix(#"["AppDependency.self<br/>preview, override"]"#) })
    #expect(lines.filter { $0.hasPrefix("  root --> ") }.count == 3)
    #expect(!outcome.output.contains("Oak desk"), "the graph replaces the list")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: [("dot", "digraph dependencies {"), ("text", "3 dependencies read:")])
  func theOtherFormatsNameTheSameDependencies(format: String, firstLine: String) async {
    let outcome = await run("show", "2", "--preview", "--dependency-graph=\(format)")
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix(firstLine + "\n"), "\(outcome.output)")
    for dependency in ["APIClient.self", "Database.self", "AppDependency.self"] {
      #expect(outcome.output.contains(dependency), "\(format) does not name \(dependency)")
    }
    if format == "dot" { #expect(outcome.output.contains(#"label="items show 2""#)) }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChangeIsStillMade() async {
    let graph = await run("--preview", "favorite", "1", "on", "--dependency-graph", "text")
    #expect(graph.status == 0)
    #expect(!graph.output.contains("favourite"), "the graph replaces the confirmation")
    // Default values are fresh in each test but shared by its runs: the same preview store.
    #expect((await run("--preview", "show", "1")).output.contains("Favourite: ★ yes"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aFailedCommandPrintsOnlyItsError() async {
    expectFailure(
      await run("--preview", "show", "9", "--dependency-graph", "mermaid"),
      "no item with ID '9'; run 'items' to list them")
  }
}
