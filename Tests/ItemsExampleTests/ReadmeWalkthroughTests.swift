import Foundation
import Testing

/// The walkthroughs of the example (the README's "Try the example" and the article "The items
/// example") quote the example's own code: each Swift block must appear, line for line, in one
/// of the files of the example's pattern (`Sources/ItemsExample/Pattern`, where the README sends
/// readers first), so a walkthrough cannot drift from what `items` does. Its SwiftUI blocks ("Providers for app roots
/// and previews") are quoted from `Examples/ItemsApp` the same way, which is typechecked against
/// the iPhoneOS SDK, since no Linux build compiles SwiftUI.
@Suite struct ReadmeWalkthroughTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The README's walkthrough shows commands and sends readers to the pattern's code; any Swift
  /// it quotes must be that code.
  @Test func everySwiftBlockOfTheWalkthroughIsTheExamplesCode() throws {
    let section = try section("## Try the example")
    #expect(section.contains("Sources/ItemsExample/Pattern"))
    try expectQuoted(swiftBlocks(in: section), from: "Sources/ItemsExample/Pattern")
  }

  @Test func everySwiftBlockOfTheItemsExampleArticleIsTheExamplesCode() throws {
    let article = "Sources/Ambient/Ambient.docc/Articles/TheItemsExample.md"
    let text = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
    let blocks = swiftBlocks(in: text)
    #expect(blocks.count == 2)
    try expectQuoted(blocks, from: "Sources/ItemsExample/Pattern")
  }

  @Test func everySwiftUIBlockOfTheProvidersSectionIsTheExampleAppsCode() throws {
    let blocks = try swiftBlocks(inSection: "## Providers for app roots and previews")
    #expect(blocks.count == 2)
    try expectQuoted(blocks, from: "Examples/ItemsApp")
  }

  private func swiftBlocks(inSection heading: String) throws -> [[String]] {
    swiftBlocks(in: try section(heading))
  }

  private func section(_ heading: String) throws -> String {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n\(heading)\n"), "README.md has no section '\(heading)'")
    let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
    return String(readme[start.upperBound..<end.lowerBound])
  }

  private func expectQuoted(_ blocks: [[String]], from folder: String) throws {
    let sources = Self.root.appendingPathComponent(folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
      .map { try trimmedLines(String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    for block in blocks {
      #expect(files.contains { contains($0, block) }, "not in \(folder):\n\(block.joined(separator: "\n"))")
    }
  }

  private func swiftBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "```swift" {
        current = []
      } else if trimmed == "```", let block = current {
        blocks.append(block)
        current = nil
      } else if current != nil, !trimmed.isEmpty {
        current?.append(trimmed)
      }
    }
    return blocks
  }

  private func trimmedLines(_ text: String) -> [String] {
    text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  private func contains(_ lines: [String], _ block: [String]) -> Bool {
    guard !block.isEmpty, lines.count >= block.count else { return false }
    return (0...(lines.count - block.count)).contains { Array(lines[$0..<$0 + block.count]) == block }
  }
}
