import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// A base URL, read by the clients below while they are built.
enum BaseURLKey: TestDependencyKey {
  static let testValue = "https://live.example"
}

/// Another dependency, which no client reads.
enum UnrelatedKey: TestDependencyKey {
  static let testValue = 0
}

/// A client built from the base URL, counting its builds and the deinits of what it holds.
final class URLClient: Sendable {
  let url: String
  let tracked: Tracked?
  init(url: String, tracked: Tracked? = nil) {
    self.url = url
    self.tracked = tracked
  }
}

/// What the clients' builds count and hold, per test (each test's keys are its own types).
final class ClientBuilds: Sendable {
  let log = BuildLog()
  let deinits = DeinitCounter()
}

protocol ClientKeyBase: TestDependencyKey where Value == URLClient {
  static var builds: ClientBuilds { get }
}

extension ClientKeyBase {
  static var testValue: URLClient {
    @Dependency(BaseURLKey.self) var url
    builds.log.record("\(Self.self)")
    return URLClient(url: url, tracked: builds.deinits.tracked())
  }
}

/// A client whose default follows the base URL.
enum DerivedClient<Tag>: ClientKeyBase, DerivedDependencyKey {
  static var builds: ClientBuilds { ClientBuildsByTag.builds(for: Tag.self) }
}

/// The same client without the opt-in: built once, from the values of its first read.
enum PlainClient<Tag>: ClientKeyBase {
  static var builds: ClientBuilds { ClientBuildsByTag.builds(for: Tag.self) }
}

enum ClientBuildsByTag {
  private static let all = LockIsolated<[ObjectIdentifier: ClientBuilds]>([:])
  static func builds(for tag: Any.Type) -> ClientBuilds {
    all.withValue { all in
      if let builds = all[ObjectIdentifier(tag)] { return builds }
      let builds = ClientBuilds()
      all[ObjectIdentifier(tag)] = builds
      return builds
    }
  }
}

/// Derived defaults: built again, once, in a scope that overrides what their build read.
@Suite struct DerivedDefaultsTests {
  @Test func aScopeThatOverridesAnInputGetsADefaultBuiltFromIt() {
    enum Tag {}
    let shared = DependencyValues._current[DerivedClient<Tag>.self]
    let plain = DependencyValues._current[PlainClient<Tag>.self]
    withDependencies {
      $0[BaseURLKey.self] = "http://localhost"
    } operation: {
      #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "http://localhost")
      #expect(DependencyValues._current[PlainClient<Tag>.self] === plain, "without the opt-in: today's shared default")
    }
    #expect(shared.url == "https://live.example")
    #expect(DependencyValues._current[DerivedClient<Tag>.self] === shared)
  }

  @Test func aScopeThatOverridesNoInputReadsTheSharedDefault() {
    enum Tag {}
    let shared = DependencyValues._current[DerivedClient<Tag>.self]
    withDependencies {
      $0[UnrelatedKey.self] = 1
    } operation: {
      #expect(DependencyValues._current[DerivedClient<Tag>.self] === shared)
    }
    #expect(DerivedClient<Tag>.builds.log.all.count == 1)
  }

  @Test func theFirstReadInAScopeDoesNotLeaveTheScopesValuesInTheSharedDefault() {
    enum Tag {}
    withDependencies {
      $0[BaseURLKey.self] = "http://localhost"
    } operation: {
      #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "http://localhost")
    }
    #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "https://live.example")
  }

  @Test func aScopeBuildsItsDefaultOnce() {
    enum Tag {}
    _ = DependencyValues._current[DerivedClient<Tag>.self]
    withDependencies {
      $0[BaseURLKey.self] = "http://localhost"
    } operation: {
      let first = DependencyValues._current[DerivedClient<Tag>.self]
      #expect(DependencyValues._current[DerivedClient<Tag>.self] === first)
    }
    #expect(DerivedClient<Tag>.builds.log.all.count == 2, "the shared default and the scope's")
  }

  @Test func nestedScopesEachSeeTheDefaultOfTheValuesTheyRead() {
    enum Tag {}
    withDependencies {
      $0[BaseURLKey.self] = "http://outer"
    } operation: {
      #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "http://outer")
      withDependencies {
        $0[BaseURLKey.self] = "http://inner"
      } operation: {
        #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "http://inner")
      }
      withDependencies {
        $0[UnrelatedKey.self] = 1
      } operation: {
        #expect(DependencyValues._current[DerivedClient<Tag>.self].url == "http://outer")
      }
    }
  }

  @Test func modelsAndTheirChildrenKeepTheDefaultOfTheScopeTheyWereMadeIn() {
    enum Tag {}
    final class Model {
      @Dependency(DerivedClient<Tag>.self) var client
    }
    let model = withDependencies {
      $0[BaseURLKey.self] = "http://model"
    } operation: {
      Model()
    }
    #expect(model.client.url == "http://model")
    let child = withDependencies(from: model) { Model() }
    #expect(child.client.url == "http://model")
    withDependencies {
      $0[UnrelatedKey.self] = 1
    } operation: {
      #expect(model.client === child.client, "a scope that overrides no input: the model's scope's default")
    }
    withDependencies {
      $0[BaseURLKey.self] = "http://current"
    } operation: {
      #expect(model.client.url == "http://current", "the current scope's override wins, as for every read")
    }
  }

  @Test func childTasksReadTheirScopesDefault() async {
    enum Tag {}
    await withDependencies {
      $0[BaseURLKey.self] = "http://tasks"
    } operation: {
      let scopes = DependencyValues._current[DerivedClient<Tag>.self]
      async let child = DependencyValues._current[DerivedClient<Tag>.self]
      let fromGroup = await withTaskGroup(of: URLClient.self) { group in
        group.addTask { DependencyValues._current[DerivedClient<Tag>.self] }
        return await group.next()!
      }
      #expect(await child === scopes && fromGroup === scopes)
    }
  }

  @Test func whatAScopeBuiltIsFreedWithTheScope() {
    enum Tag {}
    final class Model {
      @Dependency(DerivedClient<Tag>.self) var client
    }
    let shared = DependencyValues._current[DerivedClient<Tag>.self]
    var model: Model? = withDependencies {
      $0[BaseURLKey.self] = "http://freed"
    } operation: {
      Model()
    }
    #expect(model?.client.url == "http://freed")
    #expect(DerivedClient<Tag>.builds.deinits.deinits == 0)
    model = nil
    #expect(DerivedClient<Tag>.builds.deinits.deinits == 1, "the scope's client, with the scope's overrides")
    withExtendedLifetime(shared) {}
  }

  @Test func aPreparedValueIsNotRebuilt() {
    enum Tag {}
    let prepared = URLClient(url: "prepared")
    withDependencies {
      $0 = .freshRoot(.test)
    } operation: {
      prepareDependencies { $0[DerivedClient<Tag>.self] = prepared }
      withDependencies {
        $0[BaseURLKey.self] = "http://localhost"
      } operation: {
        #expect(DependencyValues._current[DerivedClient<Tag>.self] === prepared)
      }
    }
  }

  @Test func aTraceShowsTheRebuiltEdge() {
    enum Tag {}
    _ = DependencyValues._current[DerivedClient<Tag>.self]
    let (_, trace) = withDependencyTrace {
      withDependencies {
        $0[BaseURLKey.self] = "http://traced"
      } operation: {
        DependencyValues._current[DerivedClient<Tag>.self]
      }
    }
    let rebuilt = trace.edges.filter(\.isRebuiltForScope)
    #expect(rebuilt.map(\.to) == ["BaseURLKey"])
    #expect(rebuilt.first?.from.hasPrefix("DerivedClient") == true)
  }

  @Test(oneMinuteLimit) func twoThreadsBuildAScopesDefaultOnce() {
    enum Tag {}
    _ = DependencyValues._current[DerivedClient<Tag>.self]
    let values = withDependencies {
      $0[BaseURLKey.self] = "http://threads"
    } operation: {
      withEscapedDependencies { $0 }
    }
    let barrier = Barrier(count: 2)
    let clients = LockIsolated<[URLClient]>([])
    runOnThreads(2) { _ in
      values.yield {
        barrier.arriveAndWait()
        let client = DependencyValues._current[DerivedClient<Tag>.self]
        clients.withValue { $0.append(client) }
      }
    }
    #expect(clients.value.count == 2 && clients.value[0] === clients.value[1])
    #expect(clients.value.first?.url == "http://threads")
    #expect(DerivedClient<Tag>.builds.log.all.count == 2, "the shared default, and the scope's once")
  }
}

/// Whether the derived keys below read each other: only in a scope that says so.
enum CycleSwitch: TestDependencyKey {
  static let testValue = false
}

/// A derived default that reads the next one only when `CycleSwitch` is on: a cycle that only a
/// scope's rebuilt defaults have.
enum DerivedCycleA: DerivedDependencyKey {
  static var testValue: Int {
    @Dependency(CycleSwitch.self) var on
    return on ? DependencyValues._current[DerivedCycleB.self] : 0
  }
}

enum DerivedCycleB: DerivedDependencyKey {
  static var testValue: Int { DependencyValues._current[DerivedCycleA.self] }
}

extension DerivedDefaultsTests {
  // Exit tests need a process to spawn: macOS, Linux and Windows only.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Test(oneMinuteLimit) func aCycleThroughDefaultsRebuiltForAScopeIsReportedWithItsChain() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DependencyValues._current[DerivedCycleA.self]
      withDependencies {
        $0[CycleSwitch.self] = true
      } operation: {
        _ = DependencyValues._current[DerivedCycleA.self]
      }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "Dependency cycle while building test values: DerivedCycleA → DerivedCycleB → DerivedCycleA.")
    )
  }
  #endif
}
