import Testing

@testable import AmbientMigration

@Suite struct MaskedSourceTests {
  @Test func blanksCommentsAndStringContentsButKeepsQuotesAndLength() throws {
    let text = """
      let a = "import Dependencies" // Dependencies.Dependency
      /* XCTFail( */ let b = #"x"y"# + "\\(value("in"))"
      """
    let code = try #require(MaskedSource(text)).code
    #expect(code.utf16.count == text.utf16.count)
    #expect(!code.contains("Dependencies"))
    #expect(!code.contains("XCTFail"))
    #expect(code.contains("let a = \""))
    #expect(code.contains("let b = #\""))
  }

  @Test func keepsMultilineStringLineBreaks() throws {
    let text = "let s = \"\"\"\n  import Dependencies\n  \"\"\"\nimport Foundation"
    let code = try #require(MaskedSource(text)).code
    #expect(code.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
    #expect(code.hasSuffix("import Foundation"))
    #expect(!code.contains("Dependencies"))
  }

  @Test func refusesWhatDoesNotClose() {
    #expect(MaskedSource("let a = \"open") == nil)
    #expect(MaskedSource("/* never closed") == nil)
    #expect(MaskedSource("func f() { (") == nil)
    #expect(MaskedSource("let x = [1, 2)") == nil)
  }
}
