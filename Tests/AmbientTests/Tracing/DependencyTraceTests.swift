import Ambient
import AmbientTestSupport
import Dispatch
import Foundation
import Testing

// Keys of their own, so that what a trace records is only what these tests read.

struct TraceClock: TestDependencyKey {
  var now: @Sendable () -> Int
  static let testValue = TraceClock { 0 }
}

/// A default value built from another dependency: the build edge a trace records.
struct TraceAPI: TestDependencyKey {
  var token: Int
  static var testValue: TraceAPI {
    @Dependency(\.traceClock) var clock
    return TraceAPI(token: clock.now())
  }
}

enum TraceFlag: TestDependencyKey {
  static let testValue = false
}

extension DependencyValues {
  var traceClock: TraceClock {
    get { self[TraceClock.self] }
    set { self[TraceClock.self] = newValue }
  }
  var traceAPI: TraceAPI {
    get { self[TraceAPI.self] }
    set { self[TraceAPI.self] = newValue }
  }
}

/// Shared with other threads in these tests; its wrappers never change after `init`.
final class TracedModel: @unchecked Sendable {
  // @unchecked: the wrappers' storage is a `var` only to the compiler; nothing writes it.
  @Dependency(\.traceClock) var clock
  @Dependency(\.traceAPI) var api
}

@Suite(oneMinuteLimit) struct DependencyTraceTests {
  @Test func aReadOfADefaultNamesTheDependencyItsContextSourceAndSite() {
    let model = TracedModel()
    let (now, trace) = withDependencyTrace { model.clock.now() }
    #expect(now == 0)
    #expect(trace.reads.count == 1)
    let read = trace.reads[0]
    #expect(read.key == "TraceClock")
    #expect(read.dependency == #"\.traceClock"#)
    #expect(read.context == .test)
    #expect(read.source == .defaultValue)
    #expect(read.sites.count == 1)
    #expect(read.sites[0].hasPrefix("AmbientTests/DependencyTraceTests.swift:"))
    #expect(read.isReadDirectly)
  }

  @Test func anOverrideIsToldFromADefault() {
    let (_, trace) = withDependencies {
      $0.traceClock.now = { 5 }
    } operation: {
      withDependencyTrace {
        _ = TracedModel().clock.now()
        _ = DependencyValues._current[TraceFlag.self]
      }
    }
    #expect(trace.reads.map(\.source) == [.override, .defaultValue])
    #expect(trace.reads.map(\.dependency) == [#"\.traceClock"#, "TraceFlag.self"])
    #expect(trace.defaultReads.map(\.key) == ["TraceFlag"])
  }

  @Test func aDefaultBuiltInsideTheTraceHasItsEdge() {
    let trace = withDependencies {
      $0 = .test
    } operation: {
      withDependencyTrace { _ = TracedModel().api }.trace
    }
    // Each read is recorded once answered: the clock, inside the API's build, first.
    #expect(trace.reads.map(\.key) == ["TraceClock", "TraceAPI"])
    #expect(trace.edges == [DependencyTrace.Edge(from: "TraceAPI", to: "TraceClock")])
    #expect(trace.reads.map(\.isReadDirectly) == [false, true])
  }

  @Test func childTasksAndModelsCreatedInsideAreTraced() async {
    let (_, trace) = await withDependencyTrace {
      async let clock = TracedModel().clock.now()
      _ = await clock
      let model = TracedModel()
      // A read from another thread, through the values the model captured in the trace.
      await withCheckedContinuation { done in
        DispatchQueue.global().async {
          _ = model.api
          done.resume()
        }
      }
    }
    #expect(Set(trace.reads.map(\.key)) == ["TraceClock", "TraceAPI"])
  }

  @Test func aModelCreatedOutsideIsTracedWhileItReadsInside() {
    let model = TracedModel()
    let trace = withDependencies {
      $0[TraceFlag.self] = true
    } operation: {
      withDependencyTrace { _ = model.clock }.trace
    }
    #expect(trace.reads.map(\.key) == ["TraceClock"])
  }

  @Test func readsAfterTheTraceReturnedAreNotAdded() {
    let (model, trace) = withDependencyTrace { TracedModel() }
    _ = model.clock.now()
    #expect(trace.reads.isEmpty)
    // The model keeps reading the values it captured.
    #expect(model.clock.now() == 0)
  }

  @Test func scopesInsideTheTraceAreTracedAndKeepTheirOverrides() {
    let (flag, trace) = withDependencyTrace {
      withDependencies {
        $0[TraceFlag.self] = true
      } operation: {
        withDependencies {
          $0 = .test
        } operation: {
          DependencyValues._current[TraceFlag.self]
        }
      }
    }
    #expect(flag == false)  // `$0 = .test` starts from the defaults, overrides and all
    #expect(trace.reads.map(\.source) == [.defaultValue])
  }

  @Test func readsWhileChangingValuesAreMarkedAndAreNotUses() {
    let (_, trace) = withDependencyTrace {
      withDependencies {
        $0.traceAPI = TraceAPI(token: $0.traceClock.now())  // one value built from another
      } operation: {
        _ = TracedModel().api
      }
    }
    #expect(trace.reads.map(\.key) == ["TraceClock", "TraceAPI"])
    #expect(trace.reads.map(\.isReadOnlyWhileUpdating) == [true, false])
    #expect(trace.defaultReads.map(\.key) == ["TraceClock"])
    #expect(trace.defaultUses.isEmpty)
    #expect(trace.description.contains("(only while changing values)"))
  }

  @Test func anOuterTraceSeesAnInnerOnesReads() {
    let (inner, outer) = withDependencyTrace {
      _ = DependencyValues._current[TraceFlag.self]
      return withDependencyTrace { _ = TracedModel().clock }.trace
    }
    #expect(inner.reads.map(\.key) == ["TraceClock"])
    #expect(outer.reads.map(\.key) == ["TraceFlag", "TraceClock"])
  }

  @Test func aThrowingOperationStopsTheTrace() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      _ = try withDependencyTrace { throw Failure() }
    }
  }

  @Test func withDependenciesFromAModelMadeInsideKeepsTracing() {
    let (_, trace) = withDependencyTrace {
      let parent = TracedModel()
      let child = withDependencies(from: parent) { TracedModel() }
      _ = child.clock
    }
    #expect(trace.reads.map(\.key) == ["TraceClock"])
  }
}

/// The three renderings, on a trace built by hand.
@Suite struct DependencyTraceFormatTests {
  let trace = DependencyTrace(
    reads: [
      .init(
        key: "APIClient", dependency: #"\.apiClient"#, context: .test, source: .override,
        sites: ["App/ItemListModel.swift:4"]),
      .init(key: "Logger", dependency: #"\.logger"#, context: .test, source: .defaultValue, isReadDirectly: false),
    ],
    edges: [.init(from: "APIClient", to: "Logger")]
  )

  @Test func text() {
    #expect(
      trace.description == #"""
        2 dependencies read:
          \.apiClient  test  override  App/ItemListModel.swift:4
          \.logger     test  default   (only while building another value)
        Built from:
          \.apiClient read \.logger
        """#)
    #expect(DependencyTrace().description == "No dependencies read.")
  }

  @Test func mermaid() {
    #expect(
      trace.mermaid(root: "items list") == #"""
        flowchart LR
          root["items list"]
          d0["\.apiClient<br/>test, override"]
          d1["\.logger<br/>test, default"]
          root --> d0
          d0 --> d1
        """#)
  }

  @Test func dot() {
    #expect(
      trace.dot(root: #"say "hi""#) == #"""
        digraph dependencies {
          rankdir=LR;
          node [shape=box];
          "root" [label="say \"hi\"", shape=ellipse];
          "APIClient" [label="\\.apiClient\ntest, override"];
          "Logger" [label="\\.logger\ntest, default"];
          "root" -> "APIClient";
          "APIClient" -> "Logger";
        }
        """#)
  }
}
