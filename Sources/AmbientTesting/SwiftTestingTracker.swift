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
/// Swift Testing tells no one when a test without a trait ends, so the tracker keeps about
/// ``retainedTests`` cases and, to make room for a new one, forgets a case that is done with its
/// values as far as anything can tell: one that has not asked again while the newest 512 cases
/// were added, is not running under a `.dependencies` trait, and whose values nothing but the registry
/// holds (no model, scope or read of the case refers to them; see `TestRoots.isHeld(_:)`). A
/// running test that holds its values therefore keeps them, and its token, however many cases
/// run beside it. Tests under a `.dependencies`
/// trait release their values as soon as the test ends, and XCTest methods as soon as they
/// finish. Values a model of the test still refers to stay alive with it.
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

  /// The cases most recently asked about, by the bits of the `Test` and `Test.Case` values
  /// Swift Testing hands out for them (every copy of a case's values, the one each of its child
  /// tasks sees, has the same bits), each with its token.
  ///
  /// Why values with an entry's bits are that entry's test and case: the entry's bits are its
  /// own copies of both values, kept initialized in ``values``, so every object their bits refer
  /// to (the arguments' storage, the body's context, the names' storage) stays alive, and no
  /// other object can be given one of those addresses while the entry is kept. Values whose bits
  /// equal the entry's refer to the very same objects and hold the same plain fields. No layout
  /// is assumed: the bytes between fields are zeros on every ask (see ``Copies``) and in
  /// ``values``, which starts zeroed and only ever receives copies made into zeroed memory.
  ///
  /// The copies an ask makes to compare are the ones a new entry keeps (moved in), and the
  /// replaced entry's are moved out into the ask's memory and destroyed with it, outside the
  /// lock: a case's first ask copies its values once, not twice (a copy of a case's values
  /// costs a call per field, their types being resilient), and an entry is plain data.
  private struct RecognizedCases {
    fileprivate struct Entry {
      /// The hash of the values' bits: the entry's key in `indexByKey`.
      let key: Int
      /// How many of the entry's bytes in `values` its values' bits take: `caseOffset` for a
      /// test without a case, ``bitStride`` with one.
      let bitCount: Int
      /// The test's digest, made when a `.dependencies` run of some test is known (the only
      /// reason to look it up), else on first need (``madeDigest(at:)``): made from the test's
      /// ID, it was about a fifth of a traitless case's first ask (4,900 of 26,000
      /// instructions, callgrind).
      var digest: TestDigest?
      /// The case's token, in the run of its test that a `.dependencies` trait scopes (see
      /// ``beginRun(of:)``), or run 0.
      var token: UInt
      var run: UInt
      /// The number of cases added before the case last asked again (0: never): a case that
      /// asked while the newest ``recentlyAsked`` cases were added is running, and kept.
      var askedAgain: UInt = 0

      var hasCase: Bool { bitCount > RecognizedCases.caseOffset }
    }

    /// The copies of a `Test` and `Test.Case` that an ask makes in zeroed memory of
    /// ``bitStride`` bytes: a copy writes the values' fields and leaves the bytes between them
    /// (padding) as it found them, so those are zeros on every ask. ``insert(_:copies:isInUse:)``
    /// moves them into ``values`` and moves the replaced entry's in their place; whatever the
    /// memory holds when the ask ends is destroyed then (``withCopies(of:_:_:)``).
    struct Copies {
      let memory: UnsafeMutableRawPointer
      /// How many bytes the asked values' bits take.
      let bitCount: Int
      /// The hash of those bits.
      let key: Int
      /// Whether `memory` holds an initialized `Test`, and a `Test.Case` after it.
      fileprivate(set) var holdsTest = true
      fileprivate(set) var holdsCase: Bool

      var bits: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: memory, count: bitCount) }
      var test: UnsafeMutablePointer<Test> { memory.assumingMemoryBound(to: Test.self) }
      var testCase: UnsafeMutablePointer<Test.Case> {
        (memory + RecognizedCases.caseOffset).assumingMemoryBound(to: Test.Case.self)
      }
    }

    /// How many entries are kept before one is replaced; it grows only when every entry is
    /// still in use (see ``victim(isInUse:)``), by half, so that a sweep finding none is rare.
    private var capacity = retainedTests
    /// How many cases were ever added: the clock that ``Entry/askedAgain`` reads.
    private(set) var added: UInt = 0
    /// A case that asked again while this many newer cases were added is kept: half the
    /// capacity, so that cases which each ask a few times are replaced without the capacity
    /// growing.
    static let recentlyAsked = UInt(retainedTests / 2)

    /// The entries, in no order: a replaced entry's place is taken by the new one. In an array
    /// rather than as a dictionary's values, whose buckets are twice as many as entries.
    private(set) var entries: [Entry] = []
    /// Where the next sweep for an entry to replace starts (a clock's hand).
    private var hand = 0
    /// Each entry's index in `entries`, by its key.
    private var indexByKey: [Int: Int] = [:]
    /// Each entry's copies of its test and case, ``bitStride`` bytes an entry, at its index:
    /// one allocation for every entry, zeroed when made. Never freed: the tracker lives as long
    /// as the process.
    private var values: UnsafeMutableRawPointer?
    /// How many entries `values` has room for.
    private var valuesCapacity = 0
    static let caseOffset = MemoryLayout<Test>.stride
    static let bitStride = caseOffset + MemoryLayout<Test.Case>.stride
    private static let alignment = max(MemoryLayout<Test>.alignment, MemoryLayout<Test.Case>.alignment)

    /// Calls `body` with copies of `test` and `testCase` made in zeroed memory, and destroys
    /// what that memory holds when `body` returns (the copies, or the values of an entry they
    /// replaced).
    static func withCopies<Result>(
      of test: Test, _ testCase: Test.Case?, _ body: (inout Copies) -> Result
    ) -> Result {
      withUnsafeTemporaryAllocation(byteCount: bitStride, alignment: alignment) { buffer in
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        let memory = buffer.baseAddress!
        let bitCount = testCase == nil ? caseOffset : bitStride
        let copiedTest = memory.assumingMemoryBound(to: Test.self)
        let copiedCase = (memory + caseOffset).assumingMemoryBound(to: Test.Case.self)
        // From memory to memory, so that the copy is made field by field where it lands: a value
        // passed in would be copied to a temporary first and moved in whole, padding and all.
        withUnsafePointer(to: test) { copiedTest.initialize(from: $0, count: 1) }
        if let testCase { withUnsafePointer(to: testCase) { copiedCase.initialize(from: $0, count: 1) } }
        let key = hash(UnsafeRawBufferPointer(start: memory, count: bitCount))
        var copies = Copies(memory: memory, bitCount: bitCount, key: key, holdsCase: testCase != nil)
        defer {
          if copies.holdsTest { copies.test.deinitialize(count: 1) }
          if copies.holdsCase { copies.testCase.deinitialize(count: 1) }
        }
        return body(&copies)
      }
    }

    /// The index of the entry kept under `key`, the hash of its values' bits.
    func index(key: Int) -> Int? { indexByKey[key] }

    /// The index of the entry whose values have these bits, if one is kept.
    func index(bits asked: UnsafeRawBufferPointer, key: Int) -> Int? {
      guard let index = indexByKey[key], entries[index].bitCount == asked.count, let values else { return nil }
      return memcmp(values + index * Self.bitStride, asked.baseAddress!, asked.count) == 0 ? index : nil
    }

    /// The entry at `index`, in place.
    subscript(index: Int) -> Entry {
      _read { yield entries[index] }
      _modify { yield &entries[index] }
    }

    /// The digest of the test of the entry at `index`, made now if the entry has none.
    mutating func madeDigest(at index: Int) -> TestDigest {
      if let digest = entries[index].digest { return digest }
      let test = values!.advanced(by: index * Self.bitStride).assumingMemoryBound(to: Test.self)
      let made = TestDigest(test.pointee.id)
      entries[index].digest = made
      return made
    }

    /// How ``victim(isInUse:)`` asks whether an entry's case may still read its values.
    struct InUse {
      /// Whether a `.dependencies` run of some test is known: only then is an entry's digest
      /// made to ask.
      let anyRuns: Bool
      let check: (_ token: UInt, _ run: UInt, _ digest: TestDigest?) -> Bool
    }

    /// Adds the case whose values `copies` holds, with `digest`, in the place of one whose case
    /// is done with its values if as many are kept as fit. Its values are moved into the entry,
    /// and the replaced entry's into `copies`, to be destroyed outside the lock. Returns the new
    /// entry's index and the token of the entry it replaced (0 if none, or none yet).
    mutating func insert(_ copies: inout Copies, digest: TestDigest?, isInUse: InUse) -> (index: Int, replaced: UInt?) {
      let entry = Entry(key: copies.key, bitCount: copies.bitCount, digest: digest, token: 0, run: 0)
      var replaced: Entry?
      let index: Int
      added += 1
      if let taken = indexByKey[entry.key] {
        // Other bits with the same hash (about 2^-64 a pair): the newer case takes the place.
        index = taken
        replaced = entries[taken]
        entries[taken] = entry
      } else if entries.count >= capacity, let victim = victim(isInUse: isInUse) {
        index = victim
        indexByKey[entries[victim].key] = nil
        replaced = entries[victim]
        entries[victim] = entry
      } else {
        index = entries.count
        entries.append(entry)
        if index >= valuesCapacity { growValues(toHold: index + 1) }
      }
      indexByKey[entry.key] = index
      exchange(at: index, hadCase: replaced?.hasCase, with: &copies)
      return (index, replaced?.token)
    }

    /// Moves the values in `copies` into the place at `index` and the place's values, if it held
    /// an entry's (`hadCase` non-`nil`: whether with a case), into `copies`.
    private func exchange(at index: Int, hadCase: Bool?, with copies: inout Copies) {
      let place = values! + index * Self.bitStride
      let placeTest = place.assumingMemoryBound(to: Test.self)
      let placeCase = (place + Self.caseOffset).assumingMemoryBound(to: Test.Case.self)
      let newHasCase = copies.holdsCase
      if hadCase != nil {
        swap(&placeTest.pointee, &copies.test.pointee)
      } else {
        placeTest.moveInitialize(from: copies.test, count: 1)
        copies.holdsTest = false
      }
      switch (hadCase ?? false, newHasCase) {
      case (true, true):
        swap(&placeCase.pointee, &copies.testCase.pointee)
      case (true, false):
        copies.testCase.moveInitialize(from: placeCase, count: 1)
        copies.holdsCase = true
      case (false, true):
        placeCase.moveInitialize(from: copies.testCase, count: 1)
        copies.holdsCase = false
      case (false, false):
        break
      }
      // A case's bits beyond a test without one: zeros again, as in a new place.
      if !newHasCase {
        (place + Self.caseOffset).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Test.Case>.stride)
      }
      assert(
        Self.hash(UnsafeRawBufferPointer(start: place, count: copies.bitCount)) == copies.key,
        "a move changed the bits of a test's values, so asks would no longer recognize them"
      )
    }

    /// The key of values with these bits: how an ask finds its entry, and what a move of an
    /// entry's values must leave unchanged.
    private static func hash(_ bits: UnsafeRawBufferPointer) -> Int {
      var hasher = Hasher()
      hasher.combine(bytes: bits)
      return hasher.finalize()
    }

    /// Makes room in `values` for `count` entries, moving the kept copies over.
    private mutating func growValues(toHold count: Int) {
      let newCapacity = max(count, max(retainedTests, valuesCapacity * 2))
      let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity * Self.bitStride, alignment: Self.alignment)
      grown.initializeMemory(as: UInt8.self, repeating: 0, count: newCapacity * Self.bitStride)
      if let values {
        for (index, entry) in entries.enumerated() where index < valuesCapacity {
          let from = values + index * Self.bitStride
          let to = grown + index * Self.bitStride
          to.assumingMemoryBound(to: Test.self).moveInitialize(from: from.assumingMemoryBound(to: Test.self), count: 1)
          if entry.hasCase {
            (to + Self.caseOffset).assumingMemoryBound(to: Test.Case.self)
              .moveInitialize(from: (from + Self.caseOffset).assumingMemoryBound(to: Test.Case.self), count: 1)
          }
        }
        values.deallocate()
      }
      values = grown
      valuesCapacity = newCapacity
    }

    /// An entry whose case is done with its values, found by sweeping from the hand (a clock's):
    /// a case that asked again while the newest ``recentlyAsked`` cases were added is running,
    /// and so is a case still in use (see ``SwiftTestingTracker/isInUse(_:)``); both are kept.
    /// One round at most; if every entry is kept, `nil`, and the capacity grows by half, so the
    /// next sweeps wait as long (a sweep costs a round only when most entries are kept).
    private mutating func victim(isInUse: InUse) -> Int? {
      for _ in 0..<entries.count {
        let index = hand
        hand = (hand + 1) % entries.count
        let askedRecently = entries[index].askedAgain > 0 && added - entries[index].askedAgain <= Self.recentlyAsked
        guard !askedRecently else { continue }
        // Its digest only if runs are known.
        if isInUse.anyRuns { _ = madeDigest(at: index) }
        if !isInUse.check(entries[index].token, entries[index].run, entries[index].digest) { return index }
      }
      capacity = entries.count + entries.count / 2
      return nil
    }
  }

  /// About how many cases keep their default values without a model holding them (more are
  /// kept while they are in use).
  static let retainedTests = 1024

  private final class Tokens: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    let lock = Lock()
    /// The tokens of the kept cases.
    var live: Set<UInt> = []
    /// The test functions a plain `.dependencies` trait scopes: their latest run, and the tokens
    /// handed out in it while it is open. Kept after the run ends, so that a task that outlived
    /// the test still finds that run's (ended) token.
    var scopes: [TestDigest: Scope] = [:]
    var lastRun: UInt = 0
    var recognized = RecognizedCases()
  }

  private struct Scope {
    var run: UInt
    /// How messages name the test.
    var testName: String
    /// The tokens of the run's cases that have not ended.
    var tokens: Set<UInt> = []
    /// The test's name once the run has ended: a token first asked for after that (by a task
    /// that outlived the test) is ended as soon as it is made.
    var endedTestName: String?
  }

  private static let tokens = Tokens()

  /// The running test's token, or `nil` outside a Swift Testing test.
  static var currentToken: UInt? {
    guard let test = Test.current else { return nil }
    let handout = RecognizedCases.withCopies(of: test, runningCase) { copies in
      // A case asked about before is recognized and given its token under one lock; so is a new
      // one while no `.dependencies` run is known (nothing to make its digest for).
      let found = tokens.lock.withLock { () -> Handout? in
        if let index = tokens.recognized.index(bits: copies.bits, key: copies.key) {
          return handOut(at: index, askedAgain: true)
        }
        return tokens.scopes.isEmpty ? added(&copies, digest: nil) : nil
      }
      if let found { return found }
      // Outside the lock; a test's run that begins meanwhile has its digest made under it.
      let digest = TestDigest(test.id)
      return tokens.lock.withLock { () -> Handout in
        // Asked again under the lock: another task of the case may have asked meanwhile, and a
        // second entry would give the case a second set of values.
        if let index = tokens.recognized.index(bits: copies.bits, key: copies.key) {
          return handOut(at: index, askedAgain: true)
        }
        return added(&copies, digest: digest)
      }
      // The replaced case's values, now in `copies`, are destroyed when this returns, outside
      // the lock: they may hold the last reference to an argument, whose `deinit` may run user
      // code that asks for a token.
    }
    if let forgotten = handout.forgotten { DependencyValues._endTest(forgotten) }
    if let endedLate = handout.endedLate {
      DependencyValues._endTest(handout.token, testName: endedLate, stillNamed: true)
    }
    return handout.token
  }

  /// Adds the case whose values `copies` holds and hands out its token; the entry it replaced
  /// (its values now in `copies`) is forgotten. Call only inside `tokens.lock`.
  private static func added(_ copies: inout RecognizedCases.Copies, digest: TestDigest?) -> Handout {
    let inUse = RecognizedCases.InUse(anyRuns: !tokens.scopes.isEmpty, check: isInUse)
    let (index, replaced) = tokens.recognized.insert(&copies, digest: digest, isInUse: inUse)
    var handout = handOut(at: index, askedAgain: false)
    if let replaced, tokens.live.remove(replaced) != nil { handout.forgotten = replaced }
    return handout
  }

  /// The running case when its test is parameterised (a test without arguments has one case,
  /// named by the test alone).
  private static var runningCase: Test.Case? { Test.Case.current.flatMap { $0.isParameterized ? $0 : nil } }

  /// A token ``handOut(at:askedAgain:)`` found or made, and what is to be told, outside the
  /// lock, because of it.
  private struct Handout {
    var token: UInt
    /// A token no longer handed out: the replaced case's, or the case's token in an earlier
    /// `.dependencies` run of its test. Its values are released.
    var forgotten: UInt?
    /// The test's name, when the token was made after its `.dependencies` run ended.
    var endedLate: String?
  }

  /// The token of the case at `index` in its test's current run, made if it has none. Call
  /// only inside `tokens.lock`.
  private static func handOut(at index: Int, askedAgain: Bool) -> Handout {
    let digest = tokens.scopes.isEmpty ? nil : tokens.recognized.madeDigest(at: index)
    let scope = digest.flatMap { tokens.scopes[$0] }
    let (token, entryRun) = (tokens.recognized[index].token, tokens.recognized[index].run)
    let run = scope?.run ?? 0
    if token != 0, entryRun == run {
      if askedAgain { tokens.recognized[index].askedAgain = tokens.recognized.added }
      return Handout(token: token)
    }
    // A token outside any `.dependencies` run is only ever forgotten, never ended: marked so,
    // its root makes no lifetime (see `DependencyValues._endNeverToldBit`).
    let endNeverTold = run == 0 ? DependencyValues._endNeverToldBit : 0
    var handout = Handout(token: TestTokens.next() | endNeverTold)
    // The case's token in an earlier run is asked for no more: that run has ended.
    if token != 0, tokens.live.remove(token) != nil { handout.forgotten = token }
    tokens.recognized[index].token = handout.token
    tokens.recognized[index].run = run
    tokens.live.insert(handout.token)
    if let scope, let digest {
      if let name = scope.endedTestName {
        handout.endedLate = name
      } else {
        tokens.scopes[digest]?.tokens.insert(handout.token)
      }
    }
    return handout
  }

  /// Whether the case with `token`, handed out in `run` of the test with `digest`, may still read
  /// its values: it runs in an open `.dependencies` run of its test (the trait says when it
  /// ends), or something outside the registry holds them (a model, scope or read of the case).
  /// `digest` may be `nil` only while no run is known. Call only inside `tokens.lock`; takes
  /// the registry's lock inside it (the registry never calls back in here).
  private static func isInUse(token: UInt, run: UInt, digest: TestDigest?) -> Bool {
    guard tokens.live.contains(token) else { return false }
    if let digest, let scope = tokens.scopes.isEmpty ? nil : tokens.scopes[digest], scope.run == run,
      scope.tokens.contains(token)
    {
      return true
    }
    return DependencyValues._isTestHeld(token)
  }

  /// Whether the running test and case would be recognized, not worked out again: for a test
  /// that pins that asking again is cheap.
  static var recognizesCurrentCase: Bool {
    guard let test = Test.current else { return false }
    return RecognizedCases.withCopies(of: test, runningCase) { copies in
      tokens.lock.withLock { tokens.recognized.index(bits: copies.bits, key: copies.key) != nil }
    }
  }

  /// Starts a run of `test` under plain `.dependencies` (``_FreshDependenciesTrait``, when
  /// Swift Testing asks it for the test's scope): the run's cases get tokens (and so default
  /// values) of their own, apart from every earlier run's, even under the same identity.
  static func beginRun(of test: Test) {
    let digest = TestDigest(test.id)
    let testName = _DependenciesTrait.name(of: test)
    tokens.lock.withLock {
      tokens.lastRun += 1
      tokens.scopes[digest] = Scope(run: tokens.lastRun, testName: testName)
    }
  }

  /// Where plain `.dependencies` stops scoping `test` (the run ``beginRun(of:)`` started ends),
  /// or its case `testCase` (the case ends). Out of line: the trait's scope is asynchronous, and
  /// the copies made here, inlined there, would be allocated in the case's task, which Swift
  /// Testing keeps.
  @inline(never)
  static func endScope(of test: Test, testCase: Test.Case?) {
    guard let testCase else { return endRun(of: test) }
    let isParameterized = testCase.isParameterized
    let key = RecognizedCases.withCopies(of: test, isParameterized ? testCase : nil) { $0.key }
    endCase(key: key, isParameterized: isParameterized)
  }

  /// Ends the case kept under `key` (the hash of its values' bits) in the run
  /// ``beginRun(of:)`` started: its default values are released as soon as the case
  /// ends (not when its test ends), and reads through them from now on are reported as made
  /// after it ended. A case that never asked has nothing to end. Another case shares the hash
  /// with a probability of about 2^-64, as entries do.
  private static func endCase(key: Int, isParameterized: Bool) {
    let ended = tokens.lock.withLock { () -> (token: UInt, testName: String)? in
      guard let index = tokens.recognized.index(key: key) else { return nil }
      let digest = tokens.recognized.madeDigest(at: index)
      let entry = tokens.recognized[index]
      guard tokens.live.contains(entry.token), let scope = tokens.scopes[digest], scope.run == entry.run,
        tokens.scopes[digest]?.tokens.remove(entry.token) != nil
      else { return nil }
      return (entry.token, isParameterized ? _DependenciesTrait.caseName(testName: scope.testName) : scope.testName)
    }
    if let ended { DependencyValues._endTest(ended.token, testName: ended.testName, stillNamed: true) }
  }

  /// Ends the run ``beginRun(of:)`` started: the default values of each of its
  /// cases still running are released, and reads through them from now on are reported as made
  /// after the test ended.
  private static func endRun(of test: Test) {
    let digest = TestDigest(test.id)
    let (ended, testName) = tokens.lock.withLock { () -> ([UInt], String) in
      guard var scope = tokens.scopes[digest] else { return ([], "") }
      // Tokens already dropped for newer tests were forgotten; they are not ended again.
      let ended = scope.tokens.filter { tokens.live.contains($0) }.sorted()
      scope.tokens = []
      scope.endedTestName = scope.testName
      tokens.scopes[digest] = scope
      return (ended, scope.testName)
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
