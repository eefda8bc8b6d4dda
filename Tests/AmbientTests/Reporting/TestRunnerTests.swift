import Testing

@testable import Ambient

@Suite struct TestRunnerTests {
  @Test func swiftTestOnLinuxRunsXCTestThenSwiftTesting() {
    let xctest = TestRunner(environment: [:], arguments: ["/p/.build/debug/AppPackageTests.xctest"])
    #expect(xctest.isTestProcess && xctest.isXCTest)

    let swiftTesting = TestRunner(
      environment: [:],
      arguments: ["/p/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"]
    )
    #expect(swiftTesting.isTestProcess)
    #expect(!swiftTesting.isXCTest)
  }

  @Test func applesRunners() {
    let tool = TestRunner(environment: [:], arguments: ["/Applications/Xcode.app/…/usr/bin/xctest", "App.xctest"])
    #expect(tool.isTestProcess && tool.isXCTest)

    let xcode = TestRunner(environment: ["XCTestConfigurationFilePath": "/tmp/x"], arguments: ["/tmp/App"])
    #expect(xcode.isTestProcess && xcode.isXCTest)

    let session = TestRunner(environment: ["XCTestSessionIdentifier": "1"], arguments: ["/tmp/App"])
    #expect(session.isTestProcess)
    #expect(!session.isXCTest)
  }

  @Test func anAppIsNeither() {
    let app = TestRunner(environment: ["HOME": "/root"], arguments: ["/usr/local/bin/items", "show", "2"])
    #expect(!app.isTestProcess)
    #expect(!app.isXCTest)
  }
}
