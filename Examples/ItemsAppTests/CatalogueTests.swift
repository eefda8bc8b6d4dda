import Foundation
import Testing

@testable import ItemsApp

/// The live client's reading of what it fetched: the catalogue the app ships, a server's
/// answer that is not a success, and a body that is not a catalogue.
@Suite(.timeLimit(.minutes(1)))
struct CatalogueTests {
  @Test func theShippedCatalogueIsOne() throws {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ItemsApp/catalogue.json")
    let items = try Catalogue.items(from: Data(contentsOf: file), statusCode: nil)

    #expect(items.count == 6)
    #expect(Set(items.map(\.id)).count == items.count, "two items share an ID")
    #expect(items.allSatisfy { !$0.name.isEmpty && !$0.summary.isEmpty })
  }

  @Test func aServerAnswerThatIsNoSuccessIsAFailureNamingTheStatus() {
    let page = Data("<html>Not Found</html>".utf8)

    #expect(throws: CatalogueError.status(404)) { try Catalogue.items(from: page, statusCode: 404) }
    #expect(CatalogueError.status(404).localizedDescription == "The server answered 404 (not found).")
    #expect(CatalogueError.status(503).localizedDescription == "The server answered 503 (a server error).")
  }

  @Test func aBodyThatIsNoCatalogueIsAFailure() {
    let page = Data("<html>Welcome</html>".utf8)

    #expect(throws: CatalogueError.unreadable) { try Catalogue.items(from: page, statusCode: 200) }
  }

  @Test func aSuccessfulAnswerIsDecoded() throws {
    let body = Data(#"[{"id": "7", "name": "Stool", "summary": "A three-legged stool."}]"#.utf8)

    let items = try Catalogue.items(from: body, statusCode: 200)

    #expect(items == [Item(id: "7", name: "Stool", summary: "A three-legged stool.")])
  }
}
