import Dependencies
import EnvironmentValues
import Testing

@Test func readsTheLevelFromTheEnvironment() {
  withDependencies {
    $0.environmentVariables.value = { $0 == "LOG_LEVEL" ? "debug" : nil }
  } operation: {
    #expect(logLevel() == "debug")
  }
}

@Test func anEnvironmentNoTestGaveIsReported() {
  withKnownIssue {
    #expect(logLevel() == "info")
  }
}
