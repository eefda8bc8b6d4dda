extension DependencyValues {
  /// `assert` as a dependency: checked in debug builds, reported instead of trapping in tests.
  ///
  /// Live and preview: Swift's `assert` (a trap in debug builds, nothing in release). Test: a
  /// failed check is reported as an issue in the test, which goes on running.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(quantity > 0, "A cart line needs a positive quantity")
  /// ```
  ///
  /// In a test, `withKnownIssue { model.add(quantity: 0) }` asserts that the check fails.
  public var assert: AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// `assertionFailure` as a dependency: see ``assert``; the check always fails.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("Unknown item kind")
  /// ```
  public var assertionFailure: AssertionFailureEffect {
    get { self[AssertionFailureKey.self] }
    set { self[AssertionFailureKey.self] = newValue }
  }

  /// `precondition` as a dependency: traps in every live build, reported in tests.
  ///
  /// ```swift
  /// @Dependency(\.precondition) var precondition
  /// precondition(index < items.count, "Index out of range")
  /// ```
  ///
  /// - Important: In tests the code after a failed precondition keeps running, so write it to
  ///   survive that (return early after the check) if a test exercises the failure.
  public var precondition: AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}

/// A check that runs when its condition is false: Swift's `assert`/`precondition` live, a
/// reported issue in tests.
public struct AssertionEffect: Sendable {
  private let fail: @Sendable (String, StaticString, UInt) -> Void

  /// A check that calls `fail` with the message, file and line when the condition is false.
  ///
  /// - Parameter fail: What a failed check does.
  public init(_ fail: @escaping @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void) {
    self.fail = fail
  }

  /// Checks `condition`.
  ///
  /// - Parameters:
  ///   - condition: What must be true.
  ///   - message: What went wrong; evaluated only when the check fails.
  ///   - file: Where the check is; the caller's by default.
  ///   - line: Where the check is; the caller's by default.
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    guard !condition() else { return }
    fail(message(), file, line)
  }
}

/// A failure that is always reported: Swift's `assertionFailure` live, an issue in tests.
public struct AssertionFailureEffect: Sendable {
  private let fail: @Sendable (String, StaticString, UInt) -> Void

  /// A failure that calls `fail` with the message, file and line.
  ///
  /// - Parameter fail: What the failure does.
  public init(_ fail: @escaping @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void) {
    self.fail = fail
  }

  /// Fails with `message`.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - file: Where it failed; the caller's by default.
  ///   - line: Where it failed; the caller's by default.
  public func callAsFunction(
    _ message: @autoclosure () -> String = "", file: StaticString = #fileID, line: UInt = #line
  ) {
    fail(message(), file, line)
  }
}

/// In tests a failed check is reported where it was made, instead of trapping.
private func reportFailedCheck(_ kind: String) -> @Sendable (String, StaticString, UInt) -> Void {
  { message, file, line in
    reportIssue(
      message.isEmpty ? "\(kind) failed" : "\(kind) failed: \(message)", fileID: file, filePath: file, line: line)
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue = AssertionEffect { message, file, line in
    Swift.assertionFailure(message, file: file, line: line)
  }
  static let testValue = AssertionEffect(reportFailedCheck("assert"))
}

private enum AssertionFailureKey: DependencyKey {
  static let liveValue = AssertionFailureEffect { message, file, line in
    Swift.assertionFailure(message, file: file, line: line)
  }
  static let testValue = AssertionFailureEffect(reportFailedCheck("assertionFailure"))
}

private enum PreconditionKey: DependencyKey {
  static let liveValue = AssertionEffect { message, file, line in
    Swift.preconditionFailure(message, file: file, line: line)
  }
  static let testValue = AssertionEffect(reportFailedCheck("precondition"))
}
