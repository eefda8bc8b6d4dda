import Ambient
import AmbientTestSupport
import AmbientURLSession
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(oneMinuteLimit) struct URLSessionTests {
  @Test func aTestRequestFailsReportsAndNamesTheURL() async {
    @Dependency(\.urlSession) var urlSession
    let url = URL(string: "https://example.invalid/items?page=2")!
    // The report is made on URLSession's own thread, outside this test's task, so it goes to
    // standard error; what the test sees is the failure that names the URL.
    do {
      _ = try await urlSession.data(from: url)
      Issue.record("the request succeeded")
    } catch let error as URLError {
      #expect(error.code == .notConnectedToInternet)
      #expect(
        error.localizedDescription == "Unimplemented: \\.urlSession request to https://example.invalid/items?page=2")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
