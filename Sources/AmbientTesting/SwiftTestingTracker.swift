import Ambient
import Testing

/// Names the running Swift Testing test (and parameterised case) with a token.
///
/// Swift Testing has no public identity for a test case, so a parameterised case is told
/// apart by its test's ID plus its arguments' IDs and the discriminator of cases with equal
/// arguments (read by reflection; a description of the whole case where that fails). Ambient
/// asks when values are captured or bound in a test (creating a model, `withDependencies`) and
/// when a read of `_current` with nothing bound needs a default, never on a cached read.
///
/// Swift Testing tells no one when a test ends, so a test's default values are released once
/// ``retainedTests`` newer tests have asked for theirs (tests under a `.dependencies` trait
/// release theirs as soon as the test ends, and XCTest methods as soon as they finish). Values
/// a model of the test still refers to stay alive with it.
///
/// The identity is the same in every iteration of `--repetitions` / `--repeat-until`, so the
/// iterations of one test share default values; the `.dependencies` traits start each
/// iteration from a new root, which is how a suite opts out of that sharing.
enum SwiftTestingTracker {
  /// A test, and a case of it, by a 128-bit digest of the test's ID and the case's arguments
  /// rather than by those themselves: they run to hundreds of bytes, and the most recent
  /// ``retainedTests`` identities are kept. Two cases share a digest
  /// with a probability of about 2^-128 per pair.
  private struct Identity: Hashable {
    let high, low: Int
    /// The run of its test that a `.dependencies` trait scopes (see ``beginScope(of:)``), or 0.
    var run: UInt = 0

    init(test: Test.ID, testCase: Test.Case?) {
      var digest = Digest()
      digest.first.combine(test)
      digest.second.combine(test)
      if let testCase, !digest.combineArguments(of: testCase) {
        // Streamed into the digest rather than built as a string first: no description of the
        // case is allocated, so none is left behind as a hole between longer-lived allocations.
        debugPrint(testCase, terminator: "", to: &digest)
      }
      high = digest.first.finalize()
      low = digest.second.finalize()
    }
  }

  /// Whether `testCase` is told apart by its arguments read as fields, rather than by a
  /// description of the whole case (two to three times slower): for a test that pins that the fast
  /// way still works with the Swift Testing in use.
  static func readsArguments(of testCase: Test.Case) -> Bool {
    var digest = Digest()
    return digest.combineArguments(of: testCase)
  }

  /// Two differently salted hashers, fed the same input.
  private struct Digest: TextOutputStream {
    var first = Hasher()
    var second = Hasher()

    init() { second.combine(0x9E37_79B9_7F4A_7C15 as UInt64) }

    mutating func write(_ text: String) {
      first.combine(text)
      second.combine(text)
    }

    /// Feeds in what tells a parameterised case from the others of its test, as Swift Testing's
    /// own case identity does: each argument's ID (its encoded bytes) and the discriminator of
    /// cases with equal arguments. Read by reflection from the fields it needs, which costs a
    /// fraction of describing the whole case (type names, parameters and argument values): the
    /// description took most of a test case's first read. Returns `false`, having fed in
    /// nothing, when the case is not laid out as expected (another Swift Testing version).
    mutating func combineArguments(of testCase: Test.Case) -> Bool {
      guard let kind = Self.child("_kind", of: testCase, at: 0),
        let parameterized = Mirror(reflecting: kind).children.first,
        parameterized.label == "parameterized"
      else { return false }
      // One reflection of the payload for both fields: each costs a microsecond or more.
      var arguments: Any?
      var discriminator: Int?
      for field in Mirror(reflecting: parameterized.value).children {
        if field.label == "arguments" { arguments = field.value }
        if field.label == "discriminator" { discriminator = field.value as? Int }
        if arguments != nil && discriminator != nil { break }
      }
      guard let arguments, let discriminator else { return false }
      var argumentIDs: [[UInt8]] = []
      for argument in Mirror(reflecting: arguments).children {
        guard let id = Self.child("id", of: argument.value, at: 1),
          let bytes = Self.child("bytes", of: id, at: 0) as? [UInt8]
        else { return false }
        argumentIDs.append(bytes)
      }
      for bytes in argumentIDs { combine(bytes) }
      combine(discriminator)
      return true
    }

    private mutating func combine(_ value: some Hashable) {
      first.combine(value)
      second.combine(value)
    }

    /// The stored property `label` of `value`, looked for at `index` first: projecting a child
    /// copies it, so a field found by position skips copying the ones before it.
    private static func child(_ label: String, of value: Any, at index: Int? = nil) -> Any? {
      let children = Mirror(reflecting: value).children
      if let index, index < children.count {
        let child = children[children.index(children.startIndex, offsetBy: index)]
        if child.label == label { return child.value }
      }
      return children.first { $0.label == label }?.value
    }
  }

  /// How many of the most recent tests keep their default values without a model holding them.
  /// Enough that a running test is not among those dropped even while a parameterised test with
  /// hundreds of cases runs beside it.
  static let retainedTests = 1024

  private final class Tokens: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    let lock = Lock()
    var byIdentity: [Identity: UInt] = [:]
    /// The tokens in `byIdentity`.
    var live: Set<UInt> = []
    /// Identities in the order they were first seen, oldest first.
    var order: [Identity] = []
    var orderStart = 0
    /// The test functions a plain `.dependencies` trait scopes: their latest run, and the tokens
    /// handed out in it while it is open. Kept after the run ends, so that a task that outlived
    /// the test still finds that run's (ended) token.
    var scopes: [Test.ID: Scope] = [:]
    var lastRun: UInt = 0
  }

  private struct Scope {
    var run: UInt
    var tokens: [UInt] = []
    /// The test's name once the run has ended: a token first asked for after that (by a task
    /// that outlived the test) is ended as soon as it is made.
    var endedTestName: String?
  }

  private static let tokens = Tokens()

  /// The running test's token, or `nil` outside a Swift Testing test.
  static var currentToken: UInt? {
    guard let test = Test.current else { return nil }
    var identity = Identity(test: test.id, testCase: Test.Case.current.flatMap { $0.isParameterized ? $0 : nil })
    var ended: UInt?
    var endedLate: String?
    let token = tokens.lock.withLock { () -> UInt in
      let scope = tokens.scopes.isEmpty ? nil : tokens.scopes[test.id]
      identity.run = scope?.run ?? 0
      if let token = tokens.byIdentity[identity] { return token }
      let token = TestTokens.next()
      tokens.byIdentity[identity] = token
      tokens.live.insert(token)
      if let scope {
        if let name = scope.endedTestName { endedLate = name } else { tokens.scopes[test.id]?.tokens.append(token) }
      }
      tokens.order.append(identity)
      if tokens.order.count - tokens.orderStart > retainedTests {
        let oldest = tokens.order[tokens.orderStart]
        tokens.orderStart += 1
        ended = tokens.byIdentity.removeValue(forKey: oldest)
        if let ended { tokens.live.remove(ended) }
        // Compacted once as many have gone as are kept, at one move per identity.
        if tokens.orderStart >= retainedTests {
          tokens.order.removeFirst(tokens.orderStart)
          tokens.orderStart = 0
        }
      }
      return token
    }
    if let ended { DependencyValues._endTest(ended) }
    if let endedLate { DependencyValues._endTest(token, testName: endedLate, stillNamed: true) }
    return token
  }

  /// Starts a run of `test` under a plain `.dependencies` trait: its cases get tokens (and so
  /// default values) of their own, apart from every earlier run's, even under the same identity.
  static func beginScope(of test: Test) {
    tokens.lock.withLock {
      tokens.lastRun += 1
      tokens.scopes[test.id] = Scope(run: tokens.lastRun)
    }
  }

  /// Ends the run ``beginScope(of:)`` started: each of its cases' default values is released,
  /// and reads through them from now on are reported as made after `testName` ended.
  static func endScope(of test: Test, testName: String) {
    let ended = tokens.lock.withLock { () -> [UInt] in
      guard var scope = tokens.scopes[test.id] else { return [] }
      // Tokens already dropped for newer tests were forgotten; they are not ended again.
      let ended = scope.tokens.filter { tokens.live.contains($0) }
      scope.tokens = []
      scope.endedTestName = testName
      tokens.scopes[test.id] = scope
      return ended
    }
    for token in ended { DependencyValues._endTest(token, testName: testName, stillNamed: true) }
  }
}

/// Hands out test tokens; 0 means "no test".
enum TestTokens {
  private final class Counter: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    let lock = Lock()
    var last: UInt = 0
  }

  private static let counter = Counter()

  static func next() -> UInt {
    counter.lock.withLock {
      counter.last += 1
      return counter.last
    }
  }
}
