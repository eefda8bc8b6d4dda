import Testing

@testable import AmbientMigration

@Suite struct DependencyMacroTests {
  @Test func aClientsEndpointsDefaultToUnimplemented() throws {
    var facts = PackageFacts()
    facts.labelledCalls = ["fetch(id:"]
    let (text, report) = try migrate(
      """
      @DependencyClient
      struct APIClient {
        var fetch: @Sendable (_ id: Int) async throws -> String
        var count: @Sendable () -> Int
        var names: () -> [String: Int]
        var reset: () -> Void
        var mode: () -> Mode
        var version: () -> String = { "1" }
      }
      """, facts: facts)
    #expect(
      text == """
        struct APIClient {
          var fetch: @Sendable (_ id: Int) async throws -> String = unimplemented("APIClient.fetch")
          var count: @Sendable () -> Int = unimplemented("APIClient.count", placeholder: 0)
          var names: () -> [String: Int] = unimplemented("APIClient.names", placeholder: [:])
          var reset: () -> Void = unimplemented("APIClient.reset")
          var mode: () -> Mode = unimplemented("APIClient.mode", placeholder: <#Mode#>)
          var version: () -> String = { "1" }
        }

        extension APIClient {
          func fetch(id: Int) async throws -> String {
            try await self.fetch(id)
          }
        }
        """)
    // The placeholder stops the build at the line to finish, and the report lists it on every
    // run until it is filled.
    #expect(
      report.contains {
        $0.hasPrefix("File.swift:6: fix [dependency-client-placeholder] `placeholder: <#Mode#>`")
      })
    #expect(report.filter { $0.contains("changed [dependency-client]") }.count == 6)
    #expect(
      try migrate(text, facts: facts).report.filter { $0.contains(": fix [") }
        == report.filter { $0.contains(": fix [") })
  }

  @Test func aPublicClientKeepsItsPublicInitialiser() throws {
    let (text, _) = try migrate(
      """
      @DependencyClient public struct Client: Sendable {
        public var run: @Sendable () async throws -> Void
      }
      """)
    #expect(
      text == """
        public struct Client: Sendable {
          public var run: @Sendable () async throws -> Void = unimplemented("Client.run")

          public init(
            run: @escaping @Sendable () async throws -> Void = unimplemented("Client.run")
          ) {
            self.run = run
          }
        }
        """)
  }

  @Test func aClientWithItsOwnInitialiserIsReported() throws {
    var facts = PackageFacts()
    facts.labelledCalls = ["a(x:"]
    let source = "@DependencyClient\nstruct C {\n  var a: (_ x: Int) -> Void\n  init() { a = { _ in } }\n}\n"
    let (text, report) = try migrate(source, facts: facts)
    #expect(text == source)
    #expect(
      report == [
        "File.swift:1: fix [dependency-client-shape] `@DependencyClient`: `C` has an initialiser of its own — \(Difference.named("dependency-client-shape").fix)"
      ])
  }

  @Test func anEntryBecomesAPropertyAndAKey() throws {
    let (text, _) = try migrate(
      """
      extension DependencyValues {
        @DependencyEntry var retries = 3
        @DependencyEntry public var store: Store = .shared
      }
      """)
    #expect(
      text == """
        extension DependencyValues {
          var retries: Int {
            get { self[RetriesKey.self] }
            set { self[RetriesKey.self] = newValue }
          }

          private enum RetriesKey: DependencyKey {
            static var liveValue: Int { 3 }
            static var testValue: Int { 3 }
          }
          public var store: Store {
            get { self[StoreKey.self] }
            set { self[StoreKey.self] = newValue }
          }

          private enum StoreKey: DependencyKey {
            static var liveValue: Store { .shared }
            static var testValue: Store { .shared }
          }
        }
        """)
  }

  @Test func anEntryWhoseTypeCannotBeInferredIsReported() throws {
    let source = "extension DependencyValues {\n  @DependencyEntry var store = .shared\n}\n"
    let (text, report) = try migrate(source)
    #expect(text == source)
    #expect(report.count == 1)
    #expect(report[0].hasPrefix("File.swift:2: fix [dependency-entry-shape]"))
  }
}
