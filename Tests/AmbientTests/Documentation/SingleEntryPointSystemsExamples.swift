// Mirrors the examples of Ambient.docc/Articles/SingleEntryPointSystems.md.
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

enum SingleEntryPointSystemsExamples {
  struct RequestContext: DependencyKey {
    var id: String
    var user: String?
  }

  struct Store: DependencyKey, Equatable {
    var path: String
  }

  struct Handler {
    @Dependency(\.request) var request
    @Dependency(\.store) var store

    func respond() async -> String {
      "\(request.id) by \(request.user ?? "anonymous") from \(store.path)"
    }
  }

  static func handle(id: String, user: String?) async -> String {
    await withDependencies {
      $0.request = RequestContext(id: id, user: user)
    } operation: {
      await Handler().respond()
    }
  }

  /// What `main` does once, before anything reads a dependency.
  static func prepare(arguments: [String]) {
    prepareDependencies {
      $0.store = Store(path: arguments.dropFirst().first ?? "/var/lib/items")
    }
  }
}

nonisolated extension SingleEntryPointSystemsExamples.RequestContext {
  static let liveValue = Self(id: "none", user: nil)
  static let testValue = Self(id: "test", user: nil)
}

nonisolated extension SingleEntryPointSystemsExamples.Store {
  static let liveValue = Self(path: "/var/lib/items")
  static let testValue = Self(path: "/dev/null")
}

nonisolated extension DependencyValues {
  fileprivate var request: SingleEntryPointSystemsExamples.RequestContext {
    get { self[SingleEntryPointSystemsExamples.RequestContext.self] }
    set { self[SingleEntryPointSystemsExamples.RequestContext.self] = newValue }
  }
  fileprivate var store: SingleEntryPointSystemsExamples.Store {
    get { self[SingleEntryPointSystemsExamples.Store.self] }
    set { self[SingleEntryPointSystemsExamples.Store.self] = newValue }
  }
}

@Suite struct SingleEntryPointSystemsExamplesTests {
  typealias Example = SingleEntryPointSystemsExamples

  @Test(oneMinuteLimit, .dependency(\.store, SingleEntryPointSystemsExamples.Store(path: "/tmp/items")))
  func respondsWithTheRequestsUser() async {
    #expect(await Example.handle(id: "r1", user: "ada") == "r1 by ada from /tmp/items")
  }

  @Test(oneMinuteLimit) func concurrentRequestsSeeOnlyTheirOwnValues() async {
    let responses = await withTaskGroup(of: String.self) { group in
      for index in 0..<20 {
        group.addTask { await Example.handle(id: "r\(index)", user: "u\(index)") }
      }
      var responses = Set<String>()
      for await response in group { responses.insert(response) }
      return responses
    }
    #expect(responses == Set((0..<20).map { "r\($0) by u\($0) from /dev/null" }))
  }

  @Test(oneMinuteLimit) func preparedValuesAreTheDefaultsForTheRestOfTheTest() async {
    Example.prepare(arguments: ["server", "/srv/items"])
    #expect(await Example.Handler().respond() == "test by anonymous from /srv/items")
  }

  @Test func preparingTwiceKeepsTheFirstValueAndReportsIt() {
    Example.prepare(arguments: ["server", "/srv/first"])
    withKnownIssue {
      Example.prepare(arguments: ["server", "/srv/second"])
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "prepareDependencies set a Store that was already prepared; the first value is kept."
      ) == true
    }
    #expect(Example.Handler().store.path == "/srv/first")
  }
}
