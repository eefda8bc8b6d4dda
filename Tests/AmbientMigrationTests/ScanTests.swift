import Testing

@testable import AmbientMigration

@Suite struct ScanTests {
  @Test func aDefaultThatBlocksWhileItIsBuiltIsListed() throws {
    let (_, report) = try migrate(
      """
      enum Catalogue: TestDependencyKey {
        static var testValue: [String] {
          let loaded = DispatchSemaphore(value: 0)
          DispatchQueue.global().async { loaded.signal() }
          loaded.wait()
          return []
        }
        static var previewValue: [String] { Thread.sleep(forTimeInterval: 1); return [] }
      }
      """)
    #expect(
      report == [
        "File.swift:2: check [global-lock] `testValue` blocks (`loaded.wait`) and starts work elsewhere (`global().async`) while it is built — \(Difference.named("global-lock").fix)",
        "File.swift:8: check [global-lock] `previewValue` blocks (`Thread.sleep`) while it is built — \(Difference.named("global-lock").fix)",
      ])
  }

  @Test func workInAnEndpointRunsLaterAndIsNotListed() throws {
    let (_, report) = try migrate(
      """
      extension Client: DependencyKey {
        static let liveValue = Client(fetch: { Task { await refresh() } })
        static var testValue: Client { Client(fetch: { semaphore.wait() }) }
      }
      """)
    #expect(report.isEmpty)
  }

  @Test func onlyTheDeprecatedStreamFromASequenceIsListed() throws {
    let (_, report) = try migrate(
      """
      let a = AsyncStream(Int.self, bufferingPolicy: .unbounded) { $0.finish() }
      let b = AsyncStream<Int>(bufferingPolicy: .bufferingNewest(1)) { $0.finish() }
      let c = AsyncStream(numbers, bufferingPolicy: .unbounded)
      """)
    #expect(report.count == 1)
    #expect(report[0].hasPrefix("File.swift:3: fix [stream-buffering-policy] `AsyncStream(numbers, bufferingPolicy:)`"))
  }

  @Test func onlyAComparisonWithSwiftDependenciesTextIsListed() throws {
    let (_, report) = try migrate(
      """
      func f() {
        withKnownIssue { parse("x") } matching: { $0.description.contains("Invalid date") }
        withKnownIssue { parse("y") } matching: { $0.error is ParseError }
        withKnownIssue { client.fetch() } matching: { $0.description.contains("Unimplemented: 'Client.fetch'") }
      }
      """)
    #expect(report.count == 1)
    #expect(
      report[0].hasPrefix(
        "File.swift:4: check [known-issue-text] `matching:` compares \"Unimplemented: 'Client.fetch'\""))
  }
}
