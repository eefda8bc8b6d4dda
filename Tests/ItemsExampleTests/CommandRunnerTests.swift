import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

@testable import ItemsExample

/// Each command as a user runs it, without a process: the runner gets the arguments and
/// environment, the test gives the dependencies it is about.
// Each test and helper carries the availability: Swift Testing refuses it on a suite.
@MainActor
@Suite(oneMinuteLimit) struct CommandRunnerTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func listMarksFavourites() async {
    let outcome = await withDependencies {
      $0.apiClient = catalogue()
      $0.database = .inMemory(favorites: ["3"])
    } operation: {
      await run()
    }
    #expect(
      outcome
        == CommandRunner.Outcome(
          output: """
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
    #expect(
      outcome.0.output == """
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
    #expect(
      outputs == [
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
    #expect(
      outputs == [
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
    #expect(Usage.text.hasPrefix("USAGE: items [OPTIONS] [COMMAND]"))
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
      #expect(try contents(of: directory) == [".favorites.json.lock", "favorites.json"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theCatalogueURLReplacesTheBundledCatalogue() async throws {
    let host = StubURLProtocol.host(replying: .status(200, body: try catalogueJSON([Item.samples[2]])))
    let outcome = await withDependencies {
      $0.urlSession = StubURLProtocol.session()
      $0.continuousClock = TestClock()
      $0.database = .inMemory()
    } operation: {
      await run(environment: ["ITEMS_API_URL": "https://\(host)/items.json"])
    }
    #expect(outcome.output.hasPrefix("  3  Wool rug\n"))
  }
}
