import AmbientRuntime
import Foundation

/// The default values one thread is building now, outermost first.
///
/// A build runs a `liveValue` getter synchronously, on one thread, so the chain belongs to the
/// thread, not to the task: a `Task` started inside a `liveValue` runs elsewhere, and its read
/// of the key being built waits for the build instead of being taken for a cycle.
struct BuildChain: Sendable {
  /// One build: a key of one cache.
  struct Step: Sendable {
    let cache: ObjectIdentifier
    let key: UInt
    /// The key's type, named only when a message needs it: describing a type takes a few
    /// microseconds, a sizeable part of a test case's first read, and almost no build reports.
    let type: any Any.Type
    /// Whether the build is a derived default's, built again for a scope (see
    /// ``DerivedDependencyKey``): traces mark its edges.
    var isRebuiltForScope = false

    var typeName: String { Ambient.typeName(type) }

    var id: ID { ID(cache: cache, key: key) }

    struct ID: Hashable, Sendable {
      let cache: ObjectIdentifier
      let key: UInt
    }
  }

  let thread: BuildThread
  /// The outermost build, kept in place: nearly every chain holds one build (a first read whose
  /// value reads nothing else not built yet), and an array of one would be an allocation and a
  /// free in every first read.
  private var outermost: Step?
  /// The builds inside the outermost, outermost first.
  private var inner: [Step] = []

  init(thread: BuildThread) {
    self.thread = thread
  }

  /// Every build, outermost first: for cycles and messages.
  var steps: [Step] { outermost.map { [$0] + inner } ?? [] }

  var isEmpty: Bool { outermost == nil }

  /// The build the thread is in now.
  var innermost: Step? { inner.last ?? outermost }

  mutating func push(_ step: Step) {
    if outermost == nil { outermost = step } else { inner.append(step) }
  }

  mutating func remove(_ id: Step.ID) {
    if let index = inner.lastIndex(where: { $0.id == id }) {
      inner.remove(at: index)
    } else if outermost?.id == id {
      outermost = inner.isEmpty ? nil : inner.removeFirst()
    }
  }

  /// Whether this chain is building `id`, without making the array of ``steps``.
  private func contains(_ id: Step.ID) -> Bool {
    outermost?.id == id || inner.contains { $0.id == id }
  }

  /// The cycle that building `step` again would close, from its first build to the repeat;
  /// `nil` when this chain is not building it.
  func cycle(closedBy step: Step) -> [Step]? {
    guard contains(step.id) else { return nil }
    let steps = self.steps
    guard let index = steps.firstIndex(where: { $0.id == step.id }) else { return nil }
    return Array(steps[index...]) + [step]
  }

  /// The builds from `id` to the innermost, `id`'s included or not.
  func steps(from id: Step.ID, including: Bool) -> ArraySlice<Step> {
    let steps = self.steps
    guard let index = steps.firstIndex(where: { $0.id == id }) else { return [] }
    return steps[(including ? index : index + 1)...]
  }

  /// `A → B → C`, for messages.
  var description: String { steps.map(\.typeName).joined(separator: " → ") }

  /// A cycle cannot produce a value: the value being asked for is the one under construction.
  /// It is reported first (so a test names the chain), then stops the process, because the
  /// alternatives are a hang or a stack overflow.
  static func reportCycle(_ cycle: [Step], context: DependencyContext) -> Never {
    let message = IssueMessage.dependencyCycle(cycle.map(\.typeName), context: context)
    BuildCoordinator.report(message)
    fatalError(message.description)
  }
}

/// A thread that builds or waits for default values, as a deadlock report names it.
struct BuildThread: Sendable, Hashable {
  let number: Int
  let isMain: Bool

  static var current: BuildThread {
    BuildThread(number: ambient_thread_number(), isMain: Thread.isMainThread)
  }

  var name: String { isMain ? "the main thread" : "thread \(number)" }
}
