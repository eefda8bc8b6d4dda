// Mirrors the examples of Ambient.docc/Articles/LaunchProfiles.md that build on Linux: the
// profiles, the app's own set-up under them, the one line for an unknown name and a unit test
// reusing a profile. Every sample but the XCUITest is also typechecked against the iPhoneOS SDKs,
// each as its own module (Tests/AppleTypecheck/Contexts/LaunchProfiles.context); the XCUITest
// needs XCTest's XCUIApplication, which no SDK here has. The `items` lines are run by
// Tests/ItemsExampleTests/LaunchProfileProcessTests.
// Also the command-line sample of the doc comments of `LaunchProfile.chosen(from:)` and
// `UnknownLaunchProfile`, compiled, not run (it exits).
import Ambient
import AmbientTestSupport
import Foundation
import Testing

enum LaunchProfilesExamples {
  struct Item: Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item]
  }

  final class ItemListModel {
    @Dependency(\.apiClient) var apiClient
  }
}

nonisolated extension LaunchProfilesExamples.APIClient {
  static let liveValue = LaunchProfilesExamples.APIClient(fetchItems: { [] })
  static let testValue = LaunchProfilesExamples.APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: LaunchProfilesExamples.APIClient {
    get { self[LaunchProfilesExamples.APIClient.self] }
    set { self[LaunchProfilesExamples.APIClient.self] = newValue }
  }
}

// The article's profiles.
extension LaunchProfile {
  fileprivate static let emptyCatalogue = LaunchProfile("empty-catalogue") {
    $0.apiClient.fetchItems = { [] }
  }
  fileprivate static let offline = LaunchProfile("offline") {
    $0.apiClient.fetchItems = { throw URLError(.notConnectedToInternet) }
  }
}

extension LaunchProfilesExamples {
  // The doc comments' command line.
  static func mytool() {
    var profiles: [LaunchProfile] = []
    do {
      profiles = try LaunchProfile.chosen(from: [.emptyCatalogue, .offline])
    } catch {
      print("mytool: error: \(error)")  // the one line
      exit(2)
    }
    _ = profiles
  }
}

@Suite(oneMinuteLimit) struct LaunchProfilesExamplesTests {
  typealias Item = LaunchProfilesExamples.Item
  typealias APIClient = LaunchProfilesExamples.APIClient

  // The process's own launch: a test run names no profile unless someone set the variable.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["AMBIENT_PROFILE"] == nil))
  func theAppsOwnSetUpIsPreparedWhenTheLaunchNamesNoProfile() async throws {
    let unknownProfile = prepareDependencies(launchProfiles: [.emptyCatalogue, .offline]) {
      $0.apiClient = APIClient(fetchItems: { [Item(id: 1, name: "Kettle")] })
    }
    #expect(unknownProfile == nil)
    #expect(try await LaunchProfilesExamples.ItemListModel().apiClient.fetchItems() == [Item(id: 1, name: "Kettle")])
  }

  @Test func theLaunchChoosesTheProfilesByName() throws {
    let chosen = try LaunchProfile.chosen(
      from: [.emptyCatalogue, .offline], environment: ["AMBIENT_PROFILE": "empty-catalogue"],
      arguments: ["/App", "-AmbientProfile", "offline"])
    #expect(chosen.map(\.name) == ["empty-catalogue", "offline"])
  }

  @Test func anUnknownNameIsTheQuotedLine() {
    var line: String?
    do {
      _ = try LaunchProfile.chosen(
        from: [.emptyCatalogue, .offline], environment: ["AMBIENT_PROFILE": "ofline"], arguments: [])
    } catch {
      line = (error as? UnknownLaunchProfile)?.description
    }
    #expect(
      line
        == #"AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: empty-catalogue, offline."#
    )
  }

  @Test func aUnitTestReusesAProfile() async {
    let model = withDependencies {
      LaunchProfile.offline.apply(to: &$0)
    } operation: {
      LaunchProfilesExamples.ItemListModel()
    }
    await #expect(throws: URLError(.notConnectedToInternet)) { try await model.apiClient.fetchItems() }
  }
}
