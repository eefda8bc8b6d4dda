import Ambient
import Foundation
import Testing

@testable import ItemsExample

/// Each command as a user runs it, without a process: the runner gets the arguments and
/// environment, the test gives the dependencies it is about.
// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite struct CommandRunnerTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func run(
    _ arguments: String..., environment: [String: String] = [:]
  ) async -> CommandRunner.Outcome {
    await CommandRunner.run(arguments: arguments, environment: environment)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func expectFailure(
    _ outcome: CommandRunner.Outcome, status: Int32 = 1, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == status, sourceLocation: sourceLocation)
    #expect(outcome.output == "", sourceLocation: sourceLocation)
    #expect(outcome.errorOutput == "items: error: \(message)", sourceLocation: sourceLocation)
    #expect(!outcome.errorOutput.contains("\n"), "one line", sourceLocation: sourceLocation)
  }

  // MARK: Commands

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func listMarksFavourites() async {
    let outcome = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = .inMemory(favorites: ["3"])
    } operation: {
      await run()
    }
    #expect(outcome == CommandRunner.Outcome(output: """
        1  Oak desk
        2  Reading lamp
      ★ 3  Wool rug

      3 items, ★ = favourite. Run 'items show ID' for details.
      """))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anEmptyCatalogueSaysSo() async {
    let outcome = await withDependencies {
      $0.apiClient = catalogue([])
      $0.database = .inMemory()
    } operation: {
      await run("list")
    }
    #expect(outcome.output == "The catalogue is empty.")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func showDescribesTheItemAndItsFavouriteState() async {
    let outcome = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = .inMemory(favorites: ["2"])
    } operation: {
      (await run("show", "2"), await run("show", "1"))
    }
    #expect(outcome.0.status == 0)
    #expect(outcome.0.output == """
      Reading lamp
        ID:        2
        Favourite: ★ yes
        A brass lamp with a warm bulb.
      """)
    #expect(outcome.1.output.contains("Favourite: no"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func favoriteTogglesAndSaysSo() async throws {
    let database = Database.inMemory()
    let outputs = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = database
    } operation: {
      [await run("favorite", "1").output, await run("favourite", "1").output]
    }
    #expect(outputs == [
      "Toggled: ★ Oak desk (1) is now a favourite.",
      "Toggled: Oak desk (1) is no longer a favourite.",
    ])
    #expect(try database.favorites() == [])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func favoriteOnOrOffSetsAndSaysWhetherAnythingChanged() async throws {
    let database = Database.inMemory()
    let outputs = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = database
    } operation: {
      [
        await run("favorite", "2", "on").output,
        await run("favorite", "2", "on").output,
        await run("favorite", "2", "off").output,
        await run("favorite", "2", "off").output,
      ]
    }
    #expect(outputs == [
      "Set: ★ Reading lamp (2) is now a favourite.",
      "Set: ★ Reading lamp (2) was already a favourite; nothing changed.",
      "Set: Reading lamp (2) is no longer a favourite.",
      "Set: Reading lamp (2) was not a favourite; nothing changed.",
    ])
    #expect(try database.favorites() == [])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func helpNeedsNoDependencies() async {
    let outcome = await run("--help")
    #expect(outcome == CommandRunner.Outcome(output: Usage.text))
    #expect(Usage.text.hasPrefix("USAGE: items [--preview] [--store PATH] [COMMAND]"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func favouritesPersistBetweenRunsInTheStore() async throws {
    try await withTemporaryDirectory { directory async throws in
      let store = directory.appendingPathComponent("favorites.json").path
      let (first, second) = await withDependencies {
        $0.apiClient = catalogue()
        $0.fileSystem = .liveValue
      } operation: {
        (await run("favorite", "2", "--store", store), await run("--store=\(store)"))
      }
      #expect(first.status == 0)
      #expect(second.output.contains("★ 2  Reading lamp"))
      #expect(try contents(of: directory) == ["favorites.json"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theCatalogueURLReplacesTheBundledCatalogue() async throws {
    let host = StubURLProtocol.host(replying: .status(200, body: try catalogueJSON([Item.samples[2]])))
    let outcome = await withDependencies {
      $0.urlSession = StubURLProtocol.session()
      $0.database = .inMemory()
    } operation: {
      await run(environment: ["ITEMS_API_URL": "https://\(host)/items.json"])
    }
    #expect(outcome.output.hasPrefix("  3  Wool rug\n"))
  }

  // MARK: Bad input

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownIDIsAnErrorAndWritesNothing() async {
    let writes = LockIsolated(0)
    let outcomes = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = countingDatabase(writes: writes)
    } operation: {
      [await run("show", "42"), await run("favorite", "42")]
    }
    for outcome in outcomes {
      expectFailure(outcome, "no item with ID '42'; run 'items' to list them")
    }
    #expect(writes.value == 0)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnknownCommandIsAUsageError() async {
    expectFailure(await run("frobnicate"), status: 2, "unknown command 'frobnicate'; run 'items --help' for the commands")
    expectFailure(await run("--frobnicate"), status: 2, "unknown option '--frobnicate'; run 'items --help' for the options")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aMalformedStoreIsAnErrorAndStaysAsItWas() async throws {
    try await withTemporaryDirectory { directory async throws in
      let store = directory.appendingPathComponent("favorites.json")
      try write("{\"favorites\": [1, 2]}", to: store)
      let outcome = await withDependencies {
        $0.apiClient = catalogue()
        $0.fileSystem = .liveValue
      } operation: {
        await run("favorite", "1", "--store", store.path)
      }
      expectFailure(outcome, "the favourites store at \(store.path) is not valid (expected a string at .favorites[0]); it was left untouched")
      #expect(try text(at: store) == "{\"favorites\": [1, 2]}")
      #expect(try contents(of: directory) == ["favorites.json"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnreadableStoreIsAnError() async throws {
    try await withTemporaryDirectory { directory async throws in
      let outcome = await withDependencies {
        $0.apiClient = catalogue()
        $0.fileSystem = .liveValue
      } operation: {
        await run("--store", directory.path)
      }
      expectFailure(outcome, "cannot read the favourites store at \(directory.path): it is a directory")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aMalformedCatalogueIsAnError() async throws {
    try await withTemporaryDirectory { directory async throws in
      let file = directory.appendingPathComponent("catalogue.json")
      try write("[{\"id\": \"1\"}]", to: file)
      let outcome = await withDependencies {
        $0.fileSystem = .liveValue
        $0.database = .inMemory()
      } operation: {
        await run(environment: ["ITEMS_API_URL": file.absoluteString])
      }
      expectFailure(outcome, "the catalogue from \(file.path) is not valid (missing 'name' at [0])")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anUnreachableURLIsAnError() async {
    let host = StubURLProtocol.host(replying: .failure(.cannotConnectToHost))
    let outcome = await withDependencies {
      $0.urlSession = StubURLProtocol.session()
      $0.database = .inMemory()
    } operation: {
      await run("show", "1", environment: ["ITEMS_API_URL": "http://\(host)/items.json"])
    }
    #expect(outcome.status == 1)
    #expect(outcome.errorOutput.hasPrefix("items: error: cannot load the catalogue from http://\(host)/items.json: "))
    #expect(!outcome.errorOutput.contains("\n"))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anInvalidCatalogueURLIsAnError() async {
    expectFailure(
      await run(environment: ["ITEMS_API_URL": "ftp://example.com/items.json"]),
      "ITEMS_API_URL 'ftp://example.com/items.json' is not an http, https or file URL"
    )
  }
}
