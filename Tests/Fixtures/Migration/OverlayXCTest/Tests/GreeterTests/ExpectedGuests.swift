import Greeter
import XCTestDynamicOverlay

/// A greeting for tests that fails the running test when it greets a guest it was not told
/// of; it reaches `XCTFail` through XCTestDynamicOverlay, which came with swift-dependencies.
func greeting(expecting guests: Set<String>) -> Greeting {
  Greeting { name in
    if !guests.contains(name) {
      XCTFail("Greeted \(name), who was not expected")
    }
    return "Hi \(name)"
  }
}
