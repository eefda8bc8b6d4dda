import Dependencies
import DependenciesTestSupport
import Logbook
import Requests
import Testing

@Test func logsEachRequestInTheLibrarysKey() {
  let logbook = Logbook()
  withDependencies {
    $0.logbook = logbook
  } operation: {
    RequestLog().send("/items")
  }
  #expect(logbook.written == ["GET /items"])
}
