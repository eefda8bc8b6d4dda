import Foundation
import Testing

@testable import ItemsExample

@Suite struct InvocationTests {
  private func parse(_ arguments: String..., environment: [String: String] = [:]) throws -> Invocation {
    try Invocation(arguments: arguments, environment: environment)
  }

  @Test func noCommandListsTheItems() throws {
    let invocation = try parse()
    #expect(invocation.command == .list)
    #expect(invocation.usesPreviewValues == false)
    #expect(invocation.storeURL == nil)
    #expect(invocation.catalogueSource == nil)
  }

  @Test func commandsTakeTheirArguments() throws {
    #expect(try parse("list").command == .list)
    #expect(try parse("show", "7").command == .show("7"))
    #expect(try parse("favorite", "7").command == .favorite("7", .toggle))
    #expect(try parse("favourite", "7", "on").command == .favorite("7", .set(true)))
    #expect(try parse("favorite", "7", "OFF").command == .favorite("7", .set(false)))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["show", "--help"], ["--help", "frobnicate"]])
  func helpWinsWhereverItIsAsked(arguments: [String]) throws {
    #expect(try Invocation(arguments: arguments, environment: [:]).command == .help)
  }

  @Test func optionsMayComeAnywhere() throws {
    let spaced = try parse("show", "--store", "/tmp/a.json", "7")
    #expect(spaced.command == .show("7"))
    #expect(spaced.storeURL == URL(fileURLWithPath: "/tmp/a.json"))
    #expect(try parse("--store=/tmp/b.json").storeURL == URL(fileURLWithPath: "/tmp/b.json"))
    #expect(try parse("favorite", "--preview", "7").usesPreviewValues)
  }

  @Test func theContextVariableMeansPreviewToo() throws {
    #expect(try parse(environment: ["AMBIENT_CONTEXT": "preview"]).usesPreviewValues)
    #expect(try parse(environment: ["AMBIENT_CONTEXT": "Preview"]).usesPreviewValues)
    #expect(try parse(environment: ["AMBIENT_CONTEXT": "live"]).usesPreviewValues == false)
  }

  @Test func theCatalogueURLPicksTheSource() throws {
    let remote = try parse(environment: ["ITEMS_API_URL": "https://example.com/items.json"])
    #expect(remote.catalogueSource == .remote(URL(string: "https://example.com/items.json")!))
    let file = try parse(environment: ["ITEMS_API_URL": "file:///srv/items.json"])
    #expect(file.catalogueSource == .file(URL(string: "file:///srv/items.json")!))
  }

  @Test func previewValuesIgnoreTheCatalogueURL() throws {
    let invocation = try parse("--preview", environment: ["ITEMS_API_URL": "https://example.com/items.json"])
    #expect(invocation.catalogueSource == nil)
  }

  @Test(arguments: [
    (["frobnicate"], ItemsError.unknownCommand("frobnicate")),
    (["--verbose"], .unknownOption("--verbose")),
    (["show"], .missingArgument(command: "show", argument: "an item ID")),
    (["favorite"], .missingArgument(command: "favorite", argument: "an item ID")),
    (["--store"], .missingArgument(command: "--store", argument: "a path")),
    (["--store="], .missingArgument(command: "--store", argument: "a path")),
    (["show", "1", "2"], .unexpectedArgument("2")),
    (["list", "1"], .unexpectedArgument("1")),
    (["favorite", "1", "maybe"], .invalidFavoriteState("maybe")),
    (["favorite", "1", "on", "now"], .unexpectedArgument("now")),
    (["--preview", "--store", "/tmp/a.json"], .storeWithPreview),
  ])
  func badCommandLinesAreUsageErrors(arguments: [String], expected: ItemsError) {
    #expect(throws: expected) { try Invocation(arguments: arguments, environment: [:]) }
    #expect(expected.exitStatus == 2)
  }

  @Test func storeWithThePreviewVariableIsRefused() {
    #expect(throws: ItemsError.storeWithPreview) {
      try Invocation(arguments: ["--store", "/tmp/a.json"], environment: ["AMBIENT_CONTEXT": "preview"])
    }
  }

  @Test(arguments: ["ftp://example.com/items.json", "items.json", "https:///items.json", "::"])
  func aCatalogueURLThatIsNotHTTPOrFileIsRefused(url: String) {
    #expect(throws: ItemsError.invalidCatalogueURL(url)) {
      try Invocation(arguments: [], environment: ["ITEMS_API_URL": url])
    }
  }
}
