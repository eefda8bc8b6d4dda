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

  /// The example reads the context with Ambient's own parser, so it agrees with the library.
  @Test func theContextIsReadAsAmbientReadsIt() throws {
    #expect(try parse(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "preview"]).usesPreviewValues)
    #expect(
      try parse(environment: ["AMBIENT_CONTEXT": "live", "SWIFT_DEPENDENCIES_CONTEXT": "preview"]).usesPreviewValues
        == false)
    #expect(throws: ItemsError.invalidContext(variable: "AMBIENT_CONTEXT", value: "staging")) {
      try parse(environment: ["AMBIENT_CONTEXT": "staging"])
    }
    #expect(throws: ItemsError.testContext(variable: "SWIFT_DEPENDENCIES_CONTEXT")) {
      try parse(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "TEST"])
    }
  }

  @Test func theContextErrorsAreUsageErrorsThatSayWhatToDo() {
    #expect(
      ItemsError.testContext(variable: "AMBIENT_CONTEXT").description == """
        AMBIENT_CONTEXT=test asks for test values, which only exist inside tests; \
        unset it to run on live values, or use --preview for sample data
        """)
    #expect(
      ItemsError.invalidContext(variable: "AMBIENT_CONTEXT", value: "staging").description
        == "AMBIENT_CONTEXT 'staging' is not a context; use live, preview or test, or unset it")
    #expect(ItemsError.testContext(variable: "AMBIENT_CONTEXT").exitStatus == 2)
    #expect(ItemsError.invalidContext(variable: "AMBIENT_CONTEXT", value: "x").exitStatus == 2)
  }

  @Test func catalogueLimitsDefaultTo30SecondsAnd16MB() throws {
    #expect(try parse().catalogueLimits == CatalogueLimits(timeout: 30, maxSize: 16 << 20))
  }

  @Test func theTimeoutComesFromTheOptionOrTheVariable() throws {
    #expect(try parse("--timeout", "2.5").catalogueLimits.timeout == 2.5)
    #expect(try parse("--timeout=3").catalogueLimits.timeout == 3)
    #expect(try parse(environment: ["ITEMS_TIMEOUT": "4"]).catalogueLimits.timeout == 4)
    #expect(try parse("--timeout", "5", environment: ["ITEMS_TIMEOUT": "4"]).catalogueLimits.timeout == 5)
    #expect(try parse(environment: ["ITEMS_TIMEOUT": ""]).catalogueLimits.timeout == 30)
  }

  @Test(arguments: [("16M", 16 << 20), ("800k", 800 << 10), ("500000", 500_000), ("1G", 1 << 30)])
  func theSizeLimitTakesBytesOrAUnit(text: String, bytes: Int) throws {
    #expect(try parse("--max-size", text).catalogueLimits.maxSize == bytes)
    #expect(try parse("--max-size=\(text)").catalogueLimits.maxSize == bytes)
  }

  @Test(arguments: ["0", "-1", "soon", "inf", "nan", "100000"])
  func aTimeoutThatIsNotAPositiveNumberIsRefused(value: String) {
    let expected = "a number of seconds above 0 and at most 86400, such as 30 or 2.5"
    #expect(throws: ItemsError.invalidValue(name: "--timeout", value: value, expected: expected)) {
      try parse("--timeout=\(value)")
    }
    #expect(throws: ItemsError.invalidValue(name: "ITEMS_TIMEOUT", value: value, expected: expected)) {
      try parse(environment: ["ITEMS_TIMEOUT": value])
    }
  }

  @Test(arguments: ["0", "-5", "12MB", "M", "lots", "99999999999G"])
  func aSizeThatIsNotBytesIsRefused(value: String) {
    #expect(
      throws: ItemsError.invalidValue(
        name: "--max-size", value: value, expected: "a size in bytes, such as 500000, 800K or 16M")
    ) {
      try parse("--max-size", value)
    }
  }

  @Test(arguments: DependencyGraphFormat.allCases)
  func theDependencyGraphTakesAFormat(format: DependencyGraphFormat) throws {
    #expect(try parse().dependencyGraph == nil)
    #expect(try parse("--dependency-graph", format.rawValue).dependencyGraph == format)
    #expect(try parse("show", "2", "--dependency-graph=\(format.rawValue)").dependencyGraph == format)
    #expect(try parse("--dependency-graph", format.rawValue, "show", "2").command == .show("2"))
  }

  @Test(arguments: ["svg", "Mermaid", "graphviz", "list"])
  func aDependencyGraphFormatThatIsNotKnownIsRefused(value: String) {
    #expect(
      throws: ItemsError.invalidValue(name: "--dependency-graph", value: value, expected: "mermaid, dot or text")
    ) {
      try parse("--dependency-graph", value)
    }
    #expect(
      ItemsError.invalidValue(name: "--dependency-graph", value: value, expected: DependencyGraphFormat.expected)
        .description == "--dependency-graph '\(value)' is not mermaid, dot or text")
  }

  @Test func theGraphsRootIsTheCommandAsTyped() throws {
    #expect(try parse("--preview").commandLine == "items list")
    #expect(try parse("show", "2").commandLine == "items show 2")
    #expect(try parse("favourite", "2").commandLine == "items favorite 2")
    #expect(try parse("favorite", "2", "yes").commandLine == "items favorite 2 on")
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
    (["--timeout"], .missingArgument(command: "--timeout", argument: "a number of seconds")),
    (["--max-size="], .missingArgument(command: "--max-size", argument: "a size in bytes")),
    (["--preview=yes"], .unknownOption("--preview=yes")),
    (["--help=me"], .unknownOption("--help=me")),
    (
      ["--dependency-graph"],
      .missingArgument(command: "--dependency-graph", argument: "a format: mermaid, dot or text")
    ),
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
