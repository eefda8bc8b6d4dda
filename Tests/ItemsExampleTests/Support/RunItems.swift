import Foundation
import Testing

@testable import ItemsExample

/// Runs `items` in-process with the current dependencies.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func run(_ arguments: String..., environment: [String: String] = [:]) async -> CommandRunner.Outcome {
  await CommandRunner.run(arguments: arguments, environment: environment)
}

/// Expects what a user must see on bad input: nothing on standard output, one
/// `items: error: …` line, and a non-zero status.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func expectFailure(
  _ outcome: CommandRunner.Outcome, status: Int32 = 1, _ message: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(outcome.status == status, sourceLocation: sourceLocation)
  #expect(outcome.output == "", sourceLocation: sourceLocation)
  #expect(outcome.errorOutput == "items: error: \(message)", sourceLocation: sourceLocation)
  #expect(!outcome.errorOutput.contains("\n"), "one line", sourceLocation: sourceLocation)
}
