import Testing

@testable import Ambient

/// Quoting what the user wrote in `@Dependency(…)`, for messages.
@Suite struct SourceTextTests {
  @Test(arguments: [
    (#"  @Dependency(\.apiClient) var apiClient"#, #"\.apiClient"#),
    (#"@Dependency(\.apiClient.fetchItems) var fetchItems"#, #"\.apiClient.fetchItems"#),
    (#"@ObservationIgnored @Dependency(Database.self) var database"#, "Database.self"),
    (#"@Dependency(\.apiClient, as: LiveClient.self) var client"#, #"\.apiClient"#),
    (#"@Dependency( \.settings[\.theme] ) var theme"#, #"\.settings[\.theme]"#),
    (#"@Dependency(\.date.now) var now; @Dependency(\.uuid) var uuid"#, #"\.date.now"#),
  ])
  func theFirstArgumentOfTheAttribute(line: String, expected: String) {
    #expect(SourceText.dependencyArgument(in: line) == expected)
  }

  @Test(arguments: ["let apiClient = APIClient()", "@Dependency", "@Dependency(\\.unterminated"])
  func noCompleteAttributeIsNil(line: String) {
    #expect(SourceText.dependencyArgument(in: line) == nil)
  }

  @Test func readsTheLineFromTheSourceFile() {
    let line = #line + 1
    let declaration = #"@Dependency(\.fromThisFile) var fromThisFile"#
    _ = declaration
    #expect(SourceText.dependencyArgument(filePath: #filePath, line: line) == #"\.fromThisFile"#)
  }

  @Test func aMissingFileOrLineIsNil() {
    #expect(SourceText.dependencyArgument(filePath: "/nonexistent/Model.swift", line: 1) == nil)
    #expect(SourceText.dependencyArgument(filePath: #filePath, line: 0) == nil)
    #expect(SourceText.dependencyArgument(filePath: #filePath, line: 100_000) == nil)
  }
}
