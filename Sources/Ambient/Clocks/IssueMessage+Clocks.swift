extension IssueMessage {
  static func clockMovedBackwards(from now: String, to deadline: String) -> IssueMessage {
    IssueMessage(
      headline: "TestClock cannot move back from \(now) to \(deadline); it stays at \(now).",
      why: "Time on a clock never runs backwards, and code that sleeps on it relies on that.",
      fixes: ["Advance by a positive duration, or to an instant at or after `clock.now`."]
    )
  }

  static func clockRunDidNotFinish(wakes: Int, sleepers: Int, now: String) -> IssueMessage {
    IssueMessage(
      headline: "TestClock.run() woke \(wakes) sleepers and \(sleepers) still sleep; it gave up at \(now).",
      why:
        "Something sleeps again every time it wakes, such as a repeating timer, so running until no task sleeps would never end.",
      fixes: [
        "Advance by the time the test is about instead: `await clock.advance(by: …)`.",
        "Or cancel the repeating task before calling run(), or raise run(maxWakes:) if the work is finite but long.",
      ]
    )
  }

  static func clockRunTimedOut(after timeout: String, wakes: Int, sleepers: Int, now: String) -> IssueMessage {
    IssueMessage(
      headline:
        "TestClock.run(timeout: \(timeout)) woke \(wakes) sleepers in that time and \(sleepers) still sleep; it gave up at \(now).",
      why:
        "Something sleeps again every time it wakes, such as a repeating timer, or the work on the clock is slower than the timeout allows.",
      fixes: [
        "Advance by the time the test is about instead: `await clock.advance(by: …)`.",
        "Or cancel the repeating task before calling run(), or give run(timeout:) more time if the work is finite but slow.",
      ]
    )
  }

  static func sleepersNeverArrived(expected: Int, found: Int) -> IssueMessage {
    IssueMessage(
      headline: "TestClock.waitForSleepers(count: \(expected)) gave up with \(found) task(s) sleeping.",
      why: "The code under test did not start the sleep the test waits for, or it sleeps on another clock.",
      fixes: [
        "Check that the code reads the clock the test gave it, for example withDependencies { $0.continuousClock = clock }."
      ]
    )
  }

  static func unimplementedClock(_ name: String, member: String, context: DependencyContext) -> IssueMessage {
    let isKeyPath = name.hasPrefix("\\.")
    let subject = isKeyPath ? "@Dependency(\(name))" : name
    let fix =
      isKeyPath
      ? "Override it with a clock the test controls: \(overrideOptions(name, with: "TestClock()"))."
      : "Give the code a TestClock or an ImmediateClock in place of \(name)."
    return IssueMessage(
      headline: "Unimplemented: \(subject).\(member)",
      facts: [("Context", context.rawValue), ("Reported", "on the clock's first use; later uses are not")],
      why:
        "A test on a real clock waits for real time and passes or fails by timing, so this clock reports its use and then behaves as an ImmediateClock.",
      fixes: [fix]
    )
  }
}
