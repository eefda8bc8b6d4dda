extension IssueMessage {
  /// A thread has waited past the threshold for a default value another thread is building.
  ///
  /// - Parameters:
  ///   - threads: Each thread from the waiter down the wait-for graph, and what it is doing.
  static func suspectedDeadlock(
    key: String, waiter: String, builder: String, waited: Double, threads: [(name: String, state: String)],
    context: DependencyContext
  ) -> IssueMessage {
    IssueMessage(
      headline: "Suspected deadlock while building \(context.rawValue) values: \(waiter) has waited "
        + "\(seconds(waited)) for \(key), which \(builder) is still building.",
      facts: threads.map { (label: $0.name, value: $0.state) },
      why: "The build is blocked outside Ambient (typically on a DispatchQueue.sync call or a semaphore "
        + "whose other side reads \(key)), or is very slow. Ambient keeps waiting.",
      fixes: [
        "Don't make a liveValue wait for work that reads the dependency being built: read it inside an endpoint "
          + "closure, or start that work without waiting for it.",
        "If the build is only slow, move the slow part into an endpoint, so it runs when called, not on the first read.",
      ]
    )
  }

  /// `10 s`, `0.25 s`.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
  }
}
