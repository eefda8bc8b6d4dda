import Foundation

/// Who is building which default value, and which thread waits for which: the slow path of a
/// first read, shared by every cache so that waits across caches and threads form one graph.
///
/// Concurrent first reads of a key build it once: the first reader claims it and builds, the
/// others wait for that key only, and no lock is held while the value is built. Before a thread
/// waits it follows the graph (the key's builder, the key that builder waits for, and so on):
/// if the path comes back to the waiting thread, the wait could never end, and it is reported
/// as a cycle, like one on a single thread. A builder blocked outside Ambient (a
/// `DispatchQueue.sync` or a semaphore whose other side reads the same key) is invisible to the
/// graph, so a wait that lasts longer than ``deadlockThreshold`` is reported as a suspected
/// deadlock, naming the key and the threads, and then goes on waiting.
final class BuildCoordinator: @unchecked Sendable {
  // @unchecked: every mutable property is read and written only under one of its two locks:
  // `condition` for the build graph and the threshold, `waitsBegun` (taken only inside
  // `condition`) for the wait counts.
  static let shared = BuildCoordinator()

  /// The result of ``claim(_:context:lookup:)``.
  enum Claim {
    /// Another thread built it meanwhile.
    case built(AnyValueBox)
    /// The caller builds it, then calls ``finish(_:)``.
    case claimed
    /// Waiting would never end: these builds each wait for the next; the caller reports them.
    case cycle([BuildChain.Step])
  }

  private let condition = NSCondition()
  /// The builds in progress, per thread number. Guarded by `condition`, as are the others.
  private var chains: [Int: BuildChain] = [:]
  /// The thread number building each key.
  private var builders: [BuildChain.Step.ID: Int] = [:]
  /// The build each waiting thread waits for, per thread number.
  private var waits: [Int: BuildChain.Step] = [:]
  private var threshold: TimeInterval = 10
  /// How many threads wait for each key, under a lock of its own (taken only inside the
  /// coordinator's), so that a test can wait for a wait to begin. Guarded by `waitsBegun`.
  private var waitingForKey: [UInt: Int] = [:]
  private let waitsBegun = NSCondition()

  /// How long a thread waits for another's build before reporting a suspected deadlock.
  ///
  /// Ten seconds by default: far longer than building a default value should take, and
  /// shorter than the watchdogs and test time limits that would otherwise end the hang with no
  /// word about it. After the report the thread keeps waiting, because a build that is merely
  /// slow will still finish, and stopping a working program for it would be worse than the
  /// report. Settable so that tests of the report stay fast.
  package var deadlockThreshold: TimeInterval {
    get {
      condition.lock()
      defer { condition.unlock() }
      return threshold
    }
    set {
      condition.lock()
      defer { condition.unlock() }
      threshold = newValue
    }
  }

  /// Claims the build of `step` for this thread, or waits until another thread has built it.
  ///
  /// - Parameter lookup: The built value, if there is one; called under the coordinator's lock,
  ///   so it must not take a lock a builder may hold while calling ``finish(_:)``.
  func claim(_ step: BuildChain.Step, context: DependencyContext, lookup: () -> AnyValueBox?) -> Claim {
    let thread = BuildThread.current
    condition.lock()
    defer { condition.unlock() }
    if let cycle = chains[thread.number]?.cycle(closedBy: step) { return .cycle(cycle) }
    // Taken when the thread first waits: a claim that waits for no one (nearly every first
    // read) reads no clock.
    var deadline: Date?
    var reported = false
    while true {
      if let box = lookup() { return .built(box) }
      guard builders[step.id] != nil else {
        builders[step.id] = thread.number
        chains[thread.number, default: BuildChain(thread: thread)].push(step)
        return .claimed
      }
      if let cycle = cycle(waiting: thread.number, for: step) { return .cycle(cycle) }
      let waitEnds = deadline ?? Date(timeIntervalSinceNow: threshold)
      deadline = waitEnds
      waits[thread.number] = step
      countWait(for: step.key, by: 1)
      // Once reported, waits without a deadline (a far one overflows NSCondition's conversion).
      let woken =
        reported
        ? {
          condition.wait()
          return true
        }() : condition.wait(until: waitEnds)
      countWait(for: step.key, by: -1)
      waits[thread.number] = nil
      if !woken && !reported {
        reported = true
        let message = deadlockMessage(waiting: thread, for: step, context: context)
        // Reporting writes or calls into a test framework: not under the lock every build takes.
        condition.unlock()
        Self.report(message)
        condition.lock()
      }
    }
  }

  /// Ends this thread's build of `step`, whose value the caller has published, and wakes the
  /// threads waiting for builds.
  func finish(_ step: BuildChain.Step) {
    let number = BuildThread.current.number
    condition.lock()
    defer { condition.unlock() }
    builders[step.id] = nil
    // Taken out and put back only if builds remain: one look-up for the usual chain of one.
    if var chain = chains.removeValue(forKey: number) {
      chain.remove(step.id)
      if !chain.isEmpty { chains[number] = chain }
    }
    condition.broadcast()
  }

  /// The innermost build on this thread, if it is building one: what a traced read inside a
  /// `liveValue` was read for.
  func innermostBuildOnThisThread() -> BuildChain.Step? {
    let number = BuildThread.current.number
    condition.lock()
    defer { condition.unlock() }
    return chains[number]?.innermost
  }

  /// Runs `body` unless a thread is building `id` now, and returns whether it ran: atomically
  /// with respect to ``claim(_:context:lookup:)``, whose check for a built value and claim are
  /// made under the same lock. So a value that `body` stores for `id` is found by every claim
  /// that comes after, and a build that was claimed before makes `body` not run: a preparation
  /// and a first read of one key cannot both think they won.
  ///
  /// `body` runs under the coordinator's lock: it may take a table's lock (see the lock order in `Lock.swift`), no
  /// other, and must not run user code.
  func unlessBuilding(_ id: BuildChain.Step.ID, _ body: () -> Void) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard builders[id] == nil else { return false }
    body()
    return true
  }

  /// Waits until a thread waits for a build of `key`, in any cache; `false` after `timeout`.
  /// For tests that need a read to happen while the value is being built.
  func waitUntilAThreadWaits(forKey key: UInt, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    waitsBegun.lock()
    defer { waitsBegun.unlock() }
    while waitingForKey[key, default: 0] == 0 {
      if !waitsBegun.wait(until: deadline) { return false }
    }
    return true
  }

  private func countWait(for key: UInt, by change: Int) {
    waitsBegun.lock()
    defer { waitsBegun.unlock() }
    waitingForKey[key, default: 0] += change
    if waitingForKey[key] == 0 { waitingForKey[key] = nil }
    if change > 0 { waitsBegun.broadcast() }
  }

  /// The cycle closed if `waiter` waited for `step`: the path from `step`'s builder, through
  /// the builds each thread on it waits for, back to `waiter`. Call under the lock.
  private func cycle(waiting waiter: Int, for step: BuildChain.Step) -> [BuildChain.Step]? {
    // Each hop: a thread, and the build it waits (or would wait) for.
    var hops = [(thread: waiter, waitsFor: step)]
    var visited: Set<Int> = [waiter]
    guard var thread = builders[step.id] else { return nil }
    while thread != waiter {
      guard visited.insert(thread).inserted, let next = waits[thread], let builder = builders[next.id] else {
        return nil
      }
      hops.append((thread, next))
      thread = builder
    }
    // The waiter builds what the last thread waits for; from there each thread's chain runs
    // from the build the previous thread waits for to the one it waits for itself.
    var cycle = Array(chains[waiter]?.steps(from: hops[hops.count - 1].waitsFor.id, including: true) ?? [])
    cycle.append(step)
    for index in hops.indices.dropFirst() {
      let chain = chains[hops[index].thread]
      cycle += chain?.steps(from: hops[index - 1].waitsFor.id, including: false) ?? []
      cycle.append(hops[index].waitsFor)
    }
    return cycle
  }

  /// The report of a wait past the threshold: the waiter, then each thread down the graph to
  /// the one that waits for nothing Ambient knows about. Call under the lock.
  private func deadlockMessage(waiting waiter: BuildThread, for step: BuildChain.Step, context: DependencyContext)
    -> IssueMessage
  {
    var threads = [(name: waiter.name, state: state(of: chains[waiter.number], waitingFor: step))]
    var visited: Set<Int> = [waiter.number]
    var next = builders[step.id]
    let builderName = next.flatMap { chains[$0]?.thread.name } ?? "another thread"
    while let number = next, visited.insert(number).inserted {
      let chain = chains[number]
      let waitsFor = waits[number]
      threads.append((chain?.thread.name ?? "thread \(number)", state(of: chain, waitingFor: waitsFor)))
      next = waitsFor.flatMap { builders[$0.id] }
    }
    return .suspectedDeadlock(
      key: step.typeName, waiter: waiter.name, builder: builderName, waited: threshold, threads: threads,
      context: context
    )
  }

  private func state(of chain: BuildChain?, waitingFor step: BuildChain.Step?) -> String {
    var parts: [String] = []
    if let chain, !chain.isEmpty { parts.append("building \(chain.description)") }
    if let step {
      parts.append("waits for \(step.typeName)")
    } else {
      parts.append("blocked outside Ambient, or slow")
    }
    return parts.joined(separator: ", ")
  }

  /// Reports `message` at the read being served on this thread, when it names one.
  static func report(_ message: IssueMessage) {
    let site = ReadSite.current
    reportIssue(message.description, at: site?.declaration ?? .here())
  }
}
