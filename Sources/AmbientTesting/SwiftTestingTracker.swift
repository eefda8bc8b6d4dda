import Ambient
import Foundation
import Testing

/// Names the running Swift Testing test (and parameterised case) with a token.
///
/// Swift Testing has no public identity for a test case, so a case is recognized by the bits of
/// the `Test` and `Test.Case` values Swift Testing hands out for it (``RecognizedCases``), and
/// given a number of its own the first time Ambient asks. Ambient asks when values are captured
/// or bound in a test (creating a model, `withDependencies`) and when a read of `_current` with
/// nothing bound needs a default, never on a cached read. A case is not named by its arguments:
/// reading their IDs by reflection took most of a case's first read (about 60 µs of it, against
/// 14 µs without), and the memory a parallel run peaks at grows with each case's time. Two cases
/// with equal arguments are two cases, as they are to Swift Testing.
///
/// Swift Testing tells no one when a test ends, so a test's default values are released once
/// ``retainedTests`` newer tests have asked for theirs (tests under a `.dependencies` trait
/// release theirs as soon as the test ends, and XCTest methods as soon as they finish). Values
/// a model of the test still refers to stay alive with it.
///
/// The iterations of `--repetitions` / `--repeat-until` share default values where Swift
/// Testing presents them with the same values (a test without arguments), and get their own
/// where it makes a case's values anew (a parameterised test's cases); the `.dependencies`
/// traits start every iteration from a new root, which is how a suite separates them always.
enum SwiftTestingTracker {
  /// A test by a 128-bit digest of its ID rather than by the ID itself, which runs to hundreds
  /// of bytes of names. Two tests share a digest with a probability of about 2^-128 per pair.
  private struct TestDigest: Hashable {
    let high, low: Int

    init(_ test: Test.ID) {
      var first = Hasher()
      var second = Hasher()
      second.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
      first.combine(test)
      second.combine(test)
      (high, low) = (first.finalize(), second.finalize())
    }
  }

  /// A case of a test: the test's digest and the number its case was given when first
  /// recognized (see ``RecognizedCases``); the most recent ``retainedTests`` identities are kept.
  private struct Identity: Hashable {
    let test: TestDigest
    let caseNumber: UInt
    /// The run of its test that a `.dependencies` trait scopes (see ``beginScope(of:)``), or 0.
    var run: UInt = 0
  }

  /// The identities of the cases most recently asked about, by the bits of the `Test` and
  /// `Test.Case` values Swift Testing hands out for them: every copy of a case's values (the one
  /// each of its child tasks sees) has the same bits.
  ///
  /// Why values with an entry's bits are that entry's test and case: the entry keeps its own
  /// copies of both values, so every object their bits refer to (the arguments' storage, the
  /// body's context, the names' storage) stays alive, and no other object can be given one of
  /// those addresses while the entry is kept. Values whose bits equal the entry's refer to the
  /// very same objects and hold the same plain fields. No layout is assumed: the bytes between
  /// fields are zeros on every ask (see ``withBits(of:_:_:)``).
  private struct RecognizedCases {
    fileprivate struct Entry {
      let test: Test
      let testCase: Test.Case?
      /// The hash of the values' bits: the entry's key in `slots`.
      let key: Int
      /// How many of the entry's bytes in `bits` its values' bits take.
      let bitCount: Int
      let identity: Identity
    }

    /// As many as there are identities with a token: entries are made and replaced in the same
    /// order as identities (each entry is a new identity), so a case keeps its entry for as long
    /// as its token, and is never given a second one. Each entry keeps its case's arguments
    /// alive until it is replaced.
    static let capacity = retainedTests

    /// The entries, oldest first from `oldest`, as a ring once full: in an array rather than as
    /// a dictionary's values, whose buckets (twice as many as entries) would each hold 300 bytes.
    private var entries: [Entry] = []
    private var oldest = 0
    /// Each entry's index in `entries`, by its key.
    private var slots: [Int: Int] = [:]
    /// The bits of each entry's values, ``bitStride`` bytes an entry, at its index: one
    /// allocation for every entry rather than an array each.
    private var bits: [UInt8] = []
    private static let bitStride = MemoryLayout<Test>.stride + MemoryLayout<Test.Case>.stride

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

    func identity(bits asked: UnsafeRawBufferPointer, key: Int) -> Identity? {
      guard let index = slots[key], entries[index].bitCount == asked.count else { return nil }
      let same = bits.withUnsafeBytes { stored in
        memcmp(stored.baseAddress! + index * Self.bitStride, asked.baseAddress!, asked.count) == 0
      }
      return same ? entries[index].identity : nil
    }

    /// Adds `identity`'s entry; returns the entry it replaced, for the caller to release.
    fileprivate mutating func insert(
      _ identity: Identity, for test: Test, _ testCase: Test.Case?, bits asked: UnsafeRawBufferPointer, key: Int
    ) -> Entry? {
      let entry = Entry(test: test, testCase: testCase, key: key, bitCount: asked.count, identity: identity)
      let index: Int
      var replaced: Entry?
      if let taken = slots[key] {
        // Other bits with the same hash (about 2^-64 a pair): the newer case takes the place.
        index = taken
        replaced = entries[taken]
      } else if entries.count < Self.capacity {
        index = entries.count
        entries.append(entry)
        bits.append(contentsOf: repeatElement(0, count: Self.bitStride))
      } else {
        index = oldest
        replaced = entries[oldest]
        slots[entries[oldest].key] = nil
        oldest = (oldest + 1) % Self.capacity
      }
      slots[key] = index
      entries[index] = entry
      bits.withUnsafeMutableBytes { stored in
        (stored.baseAddress! + index * Self.bitStride).copyMemory(from: asked.baseAddress!, byteCount: asked.count)
      }
      return replaced
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
    var lastCaseNumber: UInt = 0
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
      let digest = TestDigest(test.id)
      let (handout, replaced) = tokens.lock.withLock { () -> (Handout, RecognizedCases.Entry?) in
        // Asked again under the lock: another task of the case may have asked meanwhile, and a
        // second number would give the case a second set of values.
        if let identity = tokens.recognized.identity(bits: bits, key: key) { return (handOut(identity), nil) }
        tokens.lastCaseNumber += 1
        let identity = Identity(test: digest, caseNumber: tokens.lastCaseNumber)
        let replaced = tokens.recognized.insert(identity, for: test, testCase, bits: bits, key: key)
        return (handOut(identity), replaced)
      }
      // Released here, outside the lock: its copies may hold the last reference to an argument,
      // whose `deinit` may run user code that asks for a token.
      _ = replaced
      return handout
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
