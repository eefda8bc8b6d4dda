// The app's side of Ambient.docc/Articles/LaunchProfiles.md, as printed there: the profiles and
// the `App` that prepares them and shows the red screen for an unknown name. Not built by
// SwiftPM: typechecked against the iPhoneOS SDK, plain and as a new Xcode app target (APP=1,
// APP=xcode26), with `@available(iOS 17.0, *)` added for the typecheck's iOS 13 deployment
// target. The article's XCUITest is not here: XCTest's XCUIApplication is in no iPhoneOS SDK
// the typecheck has (it ships in the platform's developer frameworks, beside the SDK).
import Ambient
import AmbientUI
import Foundation
import SwiftUI

struct Item: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var name: String
}

struct APIClient: DependencyKey {
  var fetchItems: @Sendable () async throws -> [Item]
}

nonisolated extension APIClient {
  static let liveValue = APIClient(fetchItems: { [] })
}

nonisolated extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

struct RootView: View {
  var body: some View { Text("Items") }
}

// The article's profiles.
extension LaunchProfile {
  static let emptyCatalogue = LaunchProfile("empty-catalogue") {
    $0.apiClient.fetchItems = { [] }
  }
  static let offline = LaunchProfile("offline") {
    $0.apiClient.fetchItems = { throw URLError(.notConnectedToInternet) }
  }
}

// The article's app.
@main
@available(iOS 17.0, *)
struct ItemsApp: App {
  private let unknownProfile: UnknownLaunchProfile?

  init() {
    // First, before anything reads a dependency.
    unknownProfile = prepareDependencies(launchProfiles: [.emptyCatalogue, .offline])
  }

  var body: some Scene {
    WindowGroup {
      if let unknownProfile {
        UnknownLaunchProfileView(unknownProfile)
      } else {
        RootView()
      }
    }
  }
}

// The article's app with set-up of its own, under the profiles.
@available(iOS 17.0, *)
struct PreparingApp: App {
  private let unknownProfile: UnknownLaunchProfile?

  init() {
    unknownProfile = prepareDependencies(launchProfiles: [.emptyCatalogue, .offline]) {
      $0.apiClient = APIClient(fetchItems: { [Item(id: 1, name: "Kettle")] })
    }
  }

  var body: some Scene {
    WindowGroup {
      if let unknownProfile { UnknownLaunchProfileView(unknownProfile) } else { RootView() }
    }
  }
}
