import Foundation
import Testing

/// The README's walkthrough of the example ("Try the example") quotes the example's own code:
/// each Swift block must appear, line for line, in one of the example's source files, so the
/// walkthrough cannot drift from what `items` does.
@Suite struct ReadmeWalkthroughTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everySwiftBlockOfTheWalkthroughIsTheExamplesCode() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "## Try the example"))
    let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
    let blocks = swiftBlocks(in: String(readme[start.upperBound..<end.lowerBound]))
    #expect(blocks.count == 3)

    let sources = Self.root.appendingPathComponent("Sources/ItemsExample")
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
      .map { try trimmedLines(String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    for block in blocks {
      #expect(files.contains { contains($0, block) }, "not in Sources/ItemsExample:\n\(block.joined(separator: "\n"))")
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
