import Ambient
import Foundation
import Testing

/// Names the running Swift Testing test (and parameterised case) with a token.
///
/// Swift Testing has no public identity for a test case, so a parameterised case is told
/// apart by its test's ID plus its arguments' IDs and the discriminator of cases with equal
/// arguments (read by reflection; a description of the whole case where that fails). Ambient
/// asks when values are captured or bound in a test (creating a model, `withDependencies`) and
/// when a read of `_current` with nothing bound needs a default, never on a cached read; a case
/// asked about before is recognized without reflection (``RecognizedCases``).
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
  /// A test by a 128-bit digest of its ID rather than by the ID itself, which runs to hundreds
  /// of bytes of names. Two tests share a digest with a probability of about 2^-128 per pair.
  private struct TestDigest: Hashable {
    let high, low: Int

    init(_ test: Test.ID) {
      var digest = Digest()
      digest.combine(test)
      (high, low) = digest.finalize()
    }
  }

  /// A test, and a case of it, by digests of the test's ID and of the case's arguments rather
  /// than by those themselves: the most recent ``retainedTests`` identities are kept. Two cases
  /// of a test share a digest with a probability of about 2^-128 per pair.
  private struct Identity: Hashable {
    let test: TestDigest
    let caseHigh, caseLow: Int
    /// The run of its test that a `.dependencies` trait scopes (see ``beginScope(of:)``), or 0.
    var run: UInt = 0

    init(test: TestDigest, testCase: Test.Case?) {
      self.test = test
      var digest = Digest()
      if let testCase, !digest.combineArguments(of: testCase) {
        // Streamed into the digest rather than built as a string first: no description of the
        // case is allocated, so none is left behind as a hole between longer-lived allocations.
        debugPrint(testCase, terminator: "", to: &digest)
      }
      (caseHigh, caseLow) = digest.finalize()
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

    mutating func combine(_ value: some Hashable) {
      first.combine(value)
      second.combine(value)
    }

    consuming func finalize() -> (Int, Int) { (first.finalize(), second.finalize()) }

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

  /// The identities of the cases most recently asked about, by the bits of the `Test` and
  /// `Test.Case` values Swift Testing hands out for them. Working an identity out reflects over
  /// the case's arguments (tens of microseconds), and Ambient asks each time values are captured
  /// in a test and on each read of `_current` with nothing bound.
  ///
  /// Why values with an entry's bits are that entry's test and case: the entry keeps its own
  /// copies of both values, so every object their bits refer to (the arguments' storage, the
  /// body's context, the names' storage) stays alive, and no other object can be given one of
  /// those addresses while the entry is kept. Values whose bits equal the entry's refer to the
  /// very same objects and hold the same plain fields, so Swift Testing's own identity for them
  /// (the arguments' IDs and the discriminator) is the same. No layout is assumed: bits that
  /// differ where nothing is stored (see ``withBits(of:_:_:)``) only miss, and the identity is
  /// worked out again.
  private struct RecognizedCases {
    private struct Entry {
      let test: Test
      let testCase: Test.Case?
      let bits: [UInt8]
      let identity: Identity
    }

    /// Enough for the cases running at once, with room; each entry keeps its case's arguments
    /// alive until it is replaced (with its bits, about 1.7 KB an entry with one `Int` argument).
    /// A case asked about after its entry was replaced is worked out again, with the same result.
    static let capacity = 64

    private var entries: [Int: Entry] = [:]
    /// The keys of `entries`, oldest first from `oldest`, as a ring once full.
    private var keys: [Int] = []
    private var oldest = 0

    /// Calls `body` with the bits of `test` and `testCase` and a hash of them, as copied into
    /// zeroed memory: a copy writes the values' fields and leaves the bytes between them
    /// (padding) as it found them, so those are zeros on every ask.
    static func withBits<Result>(
      of test: Test, _ testCase: Test.Case?, _ body: (UnsafeRawBufferPointer, Int) -> Result
    ) -> Result {
      let caseOffset = MemoryLayout<Test>.stride
      let size = caseOffset + (testCase == nil ? 0 : MemoryLayout<Test.Case>.stride)
      let alignment = max(MemoryLayout<Test>.alignment, MemoryLayout<Test.Case>.alignment)
      return withUnsafeTemporaryAllocation(byteCount: size, alignment: alignment) { buffer in
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        let copiedTest = buffer.baseAddress!.assumingMemoryBound(to: Test.self)
        let copiedCase = (buffer.baseAddress! + caseOffset).assumingMemoryBound(to: Test.Case.self)
        // From memory to memory, so that the copy is made field by field where it lands: a value
        // passed in would be copied to a temporary first and moved in whole, padding and all.
        withUnsafePointer(to: test) { copiedTest.initialize(from: $0, count: 1) }
        if let testCase { withUnsafePointer(to: testCase) { copiedCase.initialize(from: $0, count: 1) } }
        defer {
          copiedTest.deinitialize(count: 1)
          if testCase != nil { copiedCase.deinitialize(count: 1) }
        }
        let bits = UnsafeRawBufferPointer(buffer)
        var hasher = Hasher()
        hasher.combine(bytes: bits)
        return body(bits, hasher.finalize())
      }
    }

    func identity(bits: UnsafeRawBufferPointer, key: Int) -> Identity? {
      guard let entry = entries[key], entry.bits.count == bits.count else { return nil }
      let same = entry.bits.withUnsafeBytes { memcmp($0.baseAddress!, bits.baseAddress!, bits.count) == 0 }
      return same ? entry.identity : nil
    }

    mutating func insert(
      _ identity: Identity, for test: Test, _ testCase: Test.Case?, bits: UnsafeRawBufferPointer, key: Int
    ) {
      let entry = Entry(test: test, testCase: testCase, bits: Array(bits), identity: identity)
      if entries.updateValue(entry, forKey: key) != nil { return }
      guard keys.count == Self.capacity else { return keys.append(key) }
      entries.removeValue(forKey: keys[oldest])
      keys[oldest] = key
      oldest = (oldest + 1) % Self.capacity
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
    var scopes: [TestDigest: Scope] = [:]
    var lastRun: UInt = 0
    var recognized = RecognizedCases()
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
    let testCase = runningCase
    let handout = RecognizedCases.withBits(of: test, testCase) { bits, key in
      // A case asked about before is recognized and given its token under one lock.
      let recognized = tokens.lock.withLock { () -> Handout? in
        tokens.recognized.identity(bits: bits, key: key).map(handOut)
      }
      if let recognized { return recognized }
      let identity = Identity(test: TestDigest(test.id), testCase: testCase)
      return tokens.lock.withLock {
        tokens.recognized.insert(identity, for: test, testCase, bits: bits, key: key)
        return handOut(identity)
      }
    }
    if let ended = handout.ended { DependencyValues._endTest(ended) }
    if let endedLate = handout.endedLate {
      DependencyValues._endTest(handout.token, testName: endedLate, stillNamed: true)
    }
    return handout.token
  }

  /// The running case when its test is parameterised (a test without arguments has one case,
  /// named by the test alone).
  private static var runningCase: Test.Case? { Test.Case.current.flatMap { $0.isParameterized ? $0 : nil } }

  /// A token ``handOut(_:)`` found or made, and the test ends that are to be told, outside the
  /// lock, because of it.
  private struct Handout {
    var token: UInt
    /// The oldest token, dropped to keep ``retainedTests``.
    var ended: UInt?
    /// The test's name, when the token was made after its `.dependencies` run ended.
    var endedLate: String?
  }

  /// The token of `identity` in its test's current run, made if it has none. Call only inside
  /// `tokens.lock`.
  private static func handOut(_ identity: Identity) -> Handout {
    var identity = identity
    let scope = tokens.scopes.isEmpty ? nil : tokens.scopes[identity.test]
    identity.run = scope?.run ?? 0
    if let token = tokens.byIdentity[identity] { return Handout(token: token) }
    var handout = Handout(token: TestTokens.next())
    tokens.byIdentity[identity] = handout.token
    tokens.live.insert(handout.token)
    if let scope {
      if let name = scope.endedTestName {
        handout.endedLate = name
      } else {
        tokens.scopes[identity.test]?.tokens.append(handout.token)
      }
    }
    tokens.order.append(identity)
    if tokens.order.count - tokens.orderStart > retainedTests {
      let oldest = tokens.order[tokens.orderStart]
      tokens.orderStart += 1
      handout.ended = tokens.byIdentity.removeValue(forKey: oldest)
      if let ended = handout.ended { tokens.live.remove(ended) }
      // Compacted once as many have gone as are kept, at one move per identity.
      if tokens.orderStart >= retainedTests {
        tokens.order.removeFirst(tokens.orderStart)
        tokens.orderStart = 0
      }
    }
    return handout
  }

  /// Whether the running test and case would be recognized, not worked out again: for a test
  /// that pins that asking again is cheap.
  static var recognizesCurrentCase: Bool {
    guard let test = Test.current else { return false }
    return RecognizedCases.withBits(of: test, runningCase) { bits, key in
      tokens.lock.withLock { tokens.recognized.identity(bits: bits, key: key) != nil }
    }
  }

  /// Starts a run of `test` under a plain `.dependencies` trait: its cases get tokens (and so
  /// default values) of their own, apart from every earlier run's, even under the same identity.
  static func beginScope(of test: Test) {
    let digest = TestDigest(test.id)
    tokens.lock.withLock {
      tokens.lastRun += 1
      tokens.scopes[digest] = Scope(run: tokens.lastRun)
    }
  }

  /// Ends the run ``beginScope(of:)`` started: each of its cases' default values is released,
  /// and reads through them from now on are reported as made after `testName` ended.
  static func endScope(of test: Test, testName: String) {
    let digest = TestDigest(test.id)
    let ended = tokens.lock.withLock { () -> [UInt] in
      guard var scope = tokens.scopes[digest] else { return [] }
      // Tokens already dropped for newer tests were forgotten; they are not ended again.
      let ended = scope.tokens.filter { tokens.live.contains($0) }
      scope.tokens = []
      scope.endedTestName = testName
      tokens.scopes[digest] = scope
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
