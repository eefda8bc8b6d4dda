import Foundation
import Testing

@testable import ItemsExample

// Apple platforms use Application Support, whatever the environment says.
#if !canImport(Darwin)
@Suite struct StoreLocationTests {
  @Test func xdgDataHomeWins() {
    let url = StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"])
    #expect(url.path == "/data/items/favorites.json")
  }

  @Test func homeIsTheFallback() {
    let url = StoreLocation.defaultURL(environment: ["HOME": "/home/ann"])
    #expect(url.path == "/home/ann/.local/share/items/favorites.json")
  }

  @Test(arguments: ["", "relative/data"])
  func anEmptyOrRelativeXDGDataHomeIsIgnored(value: String) {
    let url = StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": value, "HOME": "/home/ann"])
    #expect(url.path == "/home/ann/.local/share/items/favorites.json")
  }
}
#endif
